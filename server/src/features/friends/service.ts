import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  FRIEND_ALREADY,
  FRIEND_NOT_FOUND,
  FRIEND_REQUEST_NOT_FOUND,
  FRIEND_REQUEST_PENDING,
  FRIEND_REQUEST_RECIPIENT_ONLY,
  FRIEND_REQUEST_SELF,
  FRIEND_REQUEST_SENDER_ONLY,
  FRIEND_REQUEST_SETTLED,
  FRIEND_USER_NOT_FOUND,
  type FriendRequest,
  type FriendRequestCreateSchema,
} from '#shared/friends';
import { presentUser } from '../../auth/user-presenter';
import { findUserById } from '../../auth/users';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { type Deps, publish } from '../deps';
import { presentFriend } from './presenter';
import { areFriends, findFriendRequest, orderedPair, pairIs } from './queries';
import { friendRequests, friendships } from './schema';

const FRIEND_TARGET_DEACTIVATED =
  'Ce compte est désactivé : on ne peut plus lui envoyer de demande d’ami';

type CreateInput = z.output<typeof FriendRequestCreateSchema>;
type FriendshipRow = typeof friendships.$inferSelect;

/** Any fixed 32-bit number: the class of the per-pair advisory locks below. */
const PAIR_LOCK_CLASS = 0x46524e44;

/**
 * Every change between two people runs under one lock for their pair, so that two requests
 * crossing at the same moment cannot both be inserted: the second one sees the first and
 * turns into a friendship (docs/friends.md). The partial unique index still settles
 * duplicates in the same direction.
 */
async function lockPair(tx: Tx, a: string, b: string): Promise<void> {
  const key = orderedPair(a, b).join(':');
  await tx.execute(sql`select pg_advisory_xact_lock(${PAIR_LOCK_CLASS}::int, hashtext(${key}))`);
}

/** The pair's friendship: made now, or the one already there. */
async function insertFriendship(tx: Tx, a: string, b: string): Promise<FriendshipRow> {
  const [user1Id, user2Id] = orderedPair(a, b);
  const [made] = await tx
    .insert(friendships)
    .values({ user1Id, user2Id })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  const [existing] = await tx.select().from(friendships).where(pairIs(a, b));
  if (!existing) throw new Error(`friendship ${user1Id}:${user2Id} vanished`);
  return existing;
}

const accepted = { status: 'accepted', updatedAt: sql`now()` } as const;

/**
 * POST /api/friend-requests. A request crossing one the recipient already sent us is that
 * one accepted at once: the answer is then the accepted request (200), not a new one (201).
 */
export async function sendFriendRequest(
  deps: Deps,
  fromUserId: string,
  input: CreateInput,
): Promise<{ request: FriendRequest; created: boolean }> {
  const { toUserId, message } = input;
  if (toUserId === fromUserId) {
    throw badRequest(FRIEND_REQUEST_SELF, { toUserId: [FRIEND_REQUEST_SELF] });
  }
  const target = await findUserById(deps.db, toUserId);
  if (!target) throw notFound(FRIEND_USER_NOT_FOUND);
  // Issue 48: an account an administrator deactivated cannot answer; none is sent to it.
  if (target.deactivatedAt) throw conflict(FRIEND_TARGET_DEACTIVATED);

  const outcome = await deps.db.transaction(async (tx) => {
    await lockPair(tx, fromUserId, toUserId);
    if (await areFriends(tx, fromUserId, toUserId)) throw conflict(FRIEND_ALREADY);
    const [crossing] = await tx
      .update(friendRequests)
      .set(accepted)
      .where(
        and(
          eq(friendRequests.fromUserId, toUserId),
          eq(friendRequests.toUserId, fromUserId),
          eq(friendRequests.status, 'pending'),
        ),
      )
      .returning({ id: friendRequests.id });
    if (crossing) {
      return { id: crossing.id, friendship: await insertFriendship(tx, fromUserId, toUserId) };
    }
    const [row] = await tx
      .insert(friendRequests)
      .values({ fromUserId, toUserId, message })
      .onConflictDoNothing()
      .returning({ id: friendRequests.id });
    if (!row) throw conflict(FRIEND_REQUEST_PENDING);
    return { id: row.id, friendship: null };
  });

  const request = await mustFind(deps.db, outcome.id);
  if (outcome.friendship) {
    await announceFriendship(deps, request, outcome.friendship);
    return { request, created: false };
  }
  await publish(deps, 'friend_request_created', () =>
    deps.realtime.toUsers([fromUserId, toUserId], { type: 'friend_request_created', request }),
  );
  deps.events.publish('friendRequestSent', { requestId: request.id, fromUserId, toUserId });
  return { request, created: true };
}

/**
 * Who may act on a request: its two people see it (others get 404, as for one that does
 * not exist); only the recipient answers it, only the sender withdraws it; once answered it
 * is settled (409).
 */
async function pendingRequestFor(
  db: Db,
  requestId: string,
  userId: string,
  role: 'recipient' | 'sender',
): Promise<FriendRequest> {
  const request = await findFriendRequest(db, requestId);
  if (!request || (request.fromUserId !== userId && request.toUserId !== userId)) {
    throw notFound(FRIEND_REQUEST_NOT_FOUND);
  }
  if (role === 'recipient' && request.toUserId !== userId) {
    throw forbidden(FRIEND_REQUEST_RECIPIENT_ONLY);
  }
  if (role === 'sender' && request.fromUserId !== userId) {
    throw forbidden(FRIEND_REQUEST_SENDER_ONLY);
  }
  if (request.status !== 'pending') throw conflict(FRIEND_REQUEST_SETTLED);
  return request;
}

const stillPending = (requestId: string) =>
  and(eq(friendRequests.id, requestId), eq(friendRequests.status, 'pending'));

/** PATCH /api/friend-requests/{id}/accept: the recipient only; the two become friends. */
export async function acceptFriendRequest(
  deps: Deps,
  userId: string,
  requestId: string,
): Promise<FriendRequest> {
  const pending = await pendingRequestFor(deps.db, requestId, userId, 'recipient');
  const friendship = await deps.db.transaction(async (tx) => {
    await lockPair(tx, pending.fromUserId, pending.toUserId);
    const [row] = await tx
      .update(friendRequests)
      .set(accepted)
      .where(stillPending(requestId))
      .returning({ id: friendRequests.id });
    // Answered or withdrawn since the read above (another tab, the sender).
    if (!row) throw conflict(FRIEND_REQUEST_SETTLED);
    return insertFriendship(tx, pending.fromUserId, pending.toUserId);
  });
  const request = await mustFind(deps.db, requestId);
  await announceFriendship(deps, request, friendship);
  return request;
}

/** PATCH /api/friend-requests/{id}/decline: the recipient only; the sender may ask again. */
export async function declineFriendRequest(
  deps: Deps,
  userId: string,
  requestId: string,
): Promise<FriendRequest> {
  const pending = await pendingRequestFor(deps.db, requestId, userId, 'recipient');
  const [row] = await deps.db
    .update(friendRequests)
    .set({ status: 'declined', updatedAt: sql`now()` })
    .where(stillPending(requestId))
    .returning({ id: friendRequests.id });
  if (!row) throw conflict(FRIEND_REQUEST_SETTLED);
  const request = await mustFind(deps.db, requestId);
  await publish(deps, 'friend_request_answered', () =>
    deps.realtime.toUsers([pending.fromUserId, pending.toUserId], {
      type: 'friend_request_answered',
      request,
    }),
  );
  return request;
}

/** DELETE /api/friend-requests/{id}: the sender withdraws a pending request (the row goes). */
export async function cancelFriendRequest(
  deps: Deps,
  userId: string,
  requestId: string,
): Promise<void> {
  const pending = await pendingRequestFor(deps.db, requestId, userId, 'sender');
  const [row] = await deps.db
    .delete(friendRequests)
    .where(stillPending(requestId))
    .returning({ id: friendRequests.id });
  if (!row) throw conflict(FRIEND_REQUEST_SETTLED);
  const { fromUserId, toUserId } = pending;
  await publish(deps, 'friend_request_cancelled', () =>
    deps.realtime.toUsers([fromUserId, toUserId], {
      type: 'friend_request_cancelled',
      requestId,
      fromUserId,
      toUserId,
    }),
  );
}

/** DELETE /api/friends/{userId}: either friend ends the friendship, for both. */
export async function removeFriend(deps: Deps, userId: string, friendId: string): Promise<void> {
  const [row] = await deps.db
    .delete(friendships)
    .where(pairIs(userId, friendId))
    .returning({ id: friendships.id });
  if (!row) throw notFound(FRIEND_NOT_FOUND);
  // Tell them first, then their sockets stop watching each other's presence (unless they
  // share a channel).
  await publish(
    deps,
    'friend_removed',
    () => deps.realtime.toUsers([userId], { type: 'friend_removed', userId: friendId }),
    () => deps.realtime.toUsers([friendId], { type: 'friend_removed', userId }),
    () => deps.realtime.recheckPresence(userId, [friendId]),
    () => deps.realtime.recheckPresence(friendId, [userId]),
  );
}

/** Both people's sockets: the request leaves the pending lists, each gains the other. */
async function announceFriendship(
  deps: Deps,
  request: FriendRequest,
  friendship: FriendshipRow,
): Promise<void> {
  const { fromUserId, toUserId } = request;
  // The request shows names only; friends see each other's presence, so fresh rows here.
  const [fromUser, toUser] = await Promise.all([
    findUserById(deps.db, fromUserId),
    findUserById(deps.db, toUserId),
  ]);
  if (!fromUser || !toUser) return;
  await publish(
    deps,
    'friend_added',
    () =>
      deps.realtime.toUsers([fromUserId, toUserId], { type: 'friend_request_answered', request }),
    () =>
      deps.realtime.toUsers([fromUserId], {
        type: 'friend_added',
        friend: presentFriend(friendship, presentUser(toUser)),
      }),
    () =>
      deps.realtime.toUsers([toUserId], {
        type: 'friend_added',
        friend: presentFriend(friendship, presentUser(fromUser)),
      }),
  );
  deps.events.publish('friendRequestAccepted', { requestId: request.id, fromUserId, toUserId });
}

async function mustFind(db: Db, requestId: string): Promise<FriendRequest> {
  const request = await findFriendRequest(db, requestId);
  if (!request) throw new Error(`friend request ${requestId} vanished`);
  return request;
}
