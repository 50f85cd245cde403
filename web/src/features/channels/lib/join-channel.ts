import type { RealtimeSocket } from '@/lib/socket';

/** The channel each socket last joined: the server forgets it with the socket. */
const joined = new WeakMap<RealtimeSocket, string>();

/**
 * The channel on screen, joined on the socket (docs/realtime.md, "Viewing"): now if the socket
 * is open, and again on every reconnect (docs/product.md §4). Not queued: the open hook
 * sends the latest one anyway.
 */
export function joinChannel(socket: RealtimeSocket, channelId: string): void {
  if (!joined.has(socket)) {
    socket.resendOnOpen(() => {
      const last = joined.get(socket);
      return last === undefined ? undefined : { type: 'join_channel', channelId: last };
    });
  }
  joined.set(socket, channelId);
  socket.sendIfOpen({ type: 'join_channel', channelId });
}
