import type { UserStatus } from '#shared/limits';
import type { RealtimeSocket } from '@/lib/socket';

/** The status each socket last said: the server forgets it with the socket. */
const said = new WeakMap<RealtimeSocket, UserStatus>();

/**
 * The user's live status (`presence`): sent on a change only, now if the socket is open, and
 * again on every reconnect when it is not online — a new socket starts online (docs/product.md §4).
 */
export function sendPresence(socket: RealtimeSocket, status: UserStatus): void {
  if (said.get(socket) === status) return;
  if (!said.has(socket)) {
    socket.resendOnOpen(() => {
      const last = said.get(socket);
      return last === undefined || last === 'online'
        ? undefined
        : { type: 'presence', status: last };
    });
  }
  said.set(socket, status);
  socket.sendIfOpen({ type: 'presence', status });
}
