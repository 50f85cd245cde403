/** The friends feature's events (server/src/features/friends/realtime.ts); it has no frames. */
import type { Friend, FriendRequest } from '../friends';

/**
 * Each goes to every open socket of both people concerned (docs/friends.md), after the
 * change commits, carrying the same presented objects as the REST answers.
 */
export type FriendEvent =
  /** A new pending request: the recipient's received list, the sender's sent list. */
  | { type: 'friend_request_created'; request: FriendRequest }
  /** Accepted or declined by its recipient: it leaves both pending lists. */
  | { type: 'friend_request_answered'; request: FriendRequest }
  /** Withdrawn by its sender: it leaves both pending lists (the row is gone). */
  | { type: 'friend_request_cancelled'; requestId: string; fromUserId: string; toUserId: string }
  /** A friendship began; `friend` is the other person, as GET /api/friends shows them. */
  | { type: 'friend_added'; friend: Friend }
  /** A friendship ended; `userId` is the other person. */
  | { type: 'friend_removed'; userId: string };
