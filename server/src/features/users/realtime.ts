import { PresenceFrameSchema } from '#shared/protocol/presence';
import type { Realtime } from '../../realtime/realtime';

/**
 * The `presence` frame: the status the user chose (docs/product.md §4). It counts for the away timer
 * but does not by itself end an automatic away: the status it carries says what to show.
 */
export function registerPresenceFrame(realtime: Realtime): void {
  realtime.onFrame(
    'presence',
    PresenceFrameSchema,
    (socket, { status }) => realtime.setStatus(socket.identity.userId, status),
    { activity: 'touch' },
  );
}
