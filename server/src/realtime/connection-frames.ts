import { z } from 'zod';
import { CLOSE_POLICY_VIOLATION } from '#shared/protocol';
import { PresenceWatchFrameSchema } from '#shared/protocol/presence';
import type { Realtime, Socket } from './realtime';

/**
 * Frames about the connection itself, not about any feature: `auth`, `ping`, and
 * `presence_watch` (the people this socket shows, docs/realtime.md "Presence").
 */
export function registerConnectionFrames(
  realtime: Pick<Realtime, 'onFrame' | 'onAnyFrame'>,
  watchPresence: (socket: Socket, userIds: readonly string[]) => Promise<void> | undefined,
): void {
  realtime.onFrame(
    'auth',
    z.object({ type: z.literal('auth'), userId: z.string() }),
    (socket, f) => {
      if (f.userId === socket.identity.userId) {
        socket.reply({ type: 'auth_ok', userId: f.userId });
        return;
      }
      // docs/product.md §10.6: an auth frame naming someone else is refused, and the socket closed.
      socket.reply({ type: 'error', message: 'Authentification refusée : utilisateur invalide' });
      socket.close(CLOSE_POLICY_VIOLATION, 'auth refusée');
    },
  );
  const ping = z.object({ type: z.literal('ping') });
  realtime.onAnyFrame('ping', ping, (socket) => socket.reply({ type: 'pong' }), {
    activity: 'none',
  });
  // Watching is not activity: a page showing avatars says nothing of the person there.
  realtime.onFrame(
    'presence_watch',
    PresenceWatchFrameSchema,
    (socket, { userIds }) => watchPresence(socket, userIds),
    { activity: 'none' },
  );
}
