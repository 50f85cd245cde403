import type { ServerEvent, ServerEventType } from '#shared/protocol';
import type { RealtimeSocket } from './socket';

/** The server event of one `type`, as the protocol's union declares it. */
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** After these, a feature fetches what its cache may have missed (docs/product.md §10.9: sockets only signal). */
export const CATCH_UP_EVENTS = ['ready', 'resync'] as const satisfies readonly ServerEventType[];

/**
 * Calls `handler` for each event whose type is one of `types`, typed accordingly.
 * Returns the unsubscribe function.
 */
export function onEventsOfType<T extends ServerEventType>(
  socket: Pick<RealtimeSocket, 'onEvent'>,
  types: readonly T[],
  handler: (event: ServerEventOf<T>) => void,
): () => void {
  const wanted = new Set<ServerEventType>(types);
  return socket.onEvent((event) => {
    if (wanted.has(event.type)) handler(event as ServerEventOf<T>);
  });
}
