/** Presence frames and events (the users feature registers the frame). */
import { z } from 'zod';
import { PRESENCE_WATCH_MAX, USER_STATUSES, type UserStatus } from '../limits';

/**
 * The user's chosen status. `away` when the user went idle, `online` when they are back,
 * `offline` to appear offline. Sent again after every reconnect when not online (docs/product.md §4).
 */
export const PresenceFrameSchema = z.object({
  type: z.literal('presence'),
  status: z.enum(USER_STATUSES),
});

/**
 * The people whose presence this socket shows (docs/realtime.md, "Presence"): the whole set,
 * replacing the previous one, sent when it changes and after every `ready` and `resync`.
 * Only those the user may see count (co-members of a channel, friends); the answer is a
 * `presence_state` with their statuses now, then `presence_update` as they change.
 */
export const PresenceWatchFrameSchema = z.object({
  type: z.literal('presence_watch'),
  userIds: z.array(z.uuid()).max(PRESENCE_WATCH_MAX),
});

export type PresenceEvent =
  /** Sent to the sockets watching the user (presence_watch), and to the user's own sockets. */
  | { type: 'presence_update'; userId: string; status: UserStatus }
  /** The answer to presence_watch: the statuses now of the users it may watch. */
  | { type: 'presence_state'; statuses: Record<string, UserStatus> };
