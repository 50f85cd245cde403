import type { Friend, FriendRequest, FriendRequestStatus } from '#shared/friends';
import type { User } from '#shared/users';
import { type PresentableUser, presentUser } from '../../auth/user-presenter';
import type { friendRequests, friendships } from './schema';

export type FriendRequestRow = typeof friendRequests.$inferSelect;
export type FriendshipRow = typeof friendships.$inferSelect;

/** The only way a request leaves the server, over REST and over the socket alike. */
export function presentFriendRequest(
  row: FriendRequestRow,
  fromUser: PresentableUser,
  toUser: PresentableUser,
): FriendRequest {
  return {
    id: row.id,
    fromUserId: row.fromUserId,
    toUserId: row.toUserId,
    status: row.status as FriendRequestStatus,
    message: row.message,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    fromUser: withoutPresence(fromUser),
    toUser: withoutPresence(toUser),
  };
}

/**
 * A request may come from anyone: it shows names, not presence nor status message, which
 * only friends and co-members see (docs/security.md, finding 7; docs/friends.md).
 */
const withoutPresence = (row: PresentableUser): User => ({
  ...presentUser(row),
  status: 'offline',
  statusMessage: null,
});

/** A friendship as one of its two people sees it: the other one. */
export function presentFriend(row: Pick<FriendshipRow, 'id' | 'createdAt'>, other: User): Friend {
  return { friendshipId: row.id, since: row.createdAt.toISOString(), user: other };
}
