/** Presence frames and events (the users feature registers the frame). */
import { z } from 'zod';
import { USER_STATUSES, type UserStatus } from '../limits';

/**
 * The user's chosen status. `away` when the user went idle, `online` when they are back,
 * `offline` to appear offline. Sent again after every reconnect when not online (docs/product.md §4).
 */
export const PresenceFrameSchema = z.object({
  type: z.literal('presence'),
  status: z.enum(USER_STATUSES),
});

export type PresenceEvent =
  /** Sent to the user's presence audiences (co-members), and to the user's own sockets. */
  { type: 'presence_update'; userId: string; status: UserStatus };
