import { and, asc, desc, eq, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Friend, FriendRequest } from '#shared/friends';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';

/** What a read needs: the pool, or a transaction in progress. */
export type Reader = Pick<Db, 'select'>;

import { presentUser } from '../../auth/user-presenter';
import { presentFriend, presentFriendRequest } from './presenter';
import { friendRequests, friendships } from './schema';

/** A friendship is stored once per pair, the smaller id first (the table's check). */
export const orderedPair = (a: string, b: string): [string, string] => (a < b ? [a, b] : [b, a]);

export const pairIs = (a: string, b: string) => {
  const [user1Id, user2Id] = orderedPair(a, b);
  return and(eq(friendships.user1Id, user1Id), eq(friendships.user2Id, user2Id));
};

const fromUser = alias(users, 'from_user');
const toUser = alias(users, 'to_user');

function selectRequests(db: Db) {
  return db
    .select({ request: friendRequests, fromUser, toUser })
    .from(friendRequests)
    .innerJoin(fromUser, eq(fromUser.id, friendRequests.fromUserId))
    .innerJoin(toUser, eq(toUser.id, friendRequests.toUserId));
}

type RequestJoin = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number];
const presentJoin = (row: RequestJoin) =>
  presentFriendRequest(row.request, row.fromUser, row.toUser);

/** One request with both people, whatever its state. */
export async function findFriendRequest(db: Db, id: string): Promise<FriendRequest | undefined> {
  const [row] = await selectRequests(db).where(eq(friendRequests.id, id));
  return row ? presentJoin(row) : undefined;
}

/** GET /api/friend-requests and /sent: the caller's pending requests, newest first. */
export async function listPendingRequests(
  db: Db,
  userId: string,
  side: 'received' | 'sent',
): Promise<FriendRequest[]> {
  const mine = side === 'received' ? friendRequests.toUserId : friendRequests.fromUserId;
  const rows = await selectRequests(db)
    .where(and(eq(mine, userId), eq(friendRequests.status, 'pending')))
    .orderBy(desc(friendRequests.createdAt), asc(friendRequests.id));
  return rows.map(presentJoin);
}

/** The other person of each of the user's friendships, in `users` terms. */
const otherOf = (userId: string) =>
  sql`case when ${friendships.user1Id} = ${userId} then ${friendships.user2Id} else ${friendships.user1Id} end`;

const involves = (userId: string) =>
  or(eq(friendships.user1Id, userId), eq(friendships.user2Id, userId));

/** GET /api/friends: sorted by how people are named, as the user directory is. */
export async function listFriends(db: Db, userId: string): Promise<Friend[]> {
  const rows = await db
    .select({ id: friendships.id, createdAt: friendships.createdAt, user: users })
    .from(friendships)
    .innerJoin(users, eq(users.id, otherOf(userId)))
    .where(involves(userId))
    .orderBy(
      sql`lower(coalesce(${users.displayName}, ${users.firstName}, ${users.email}))`,
      asc(users.id),
    );
  return rows.map((row) => presentFriend(row, presentUser(row.user)));
}

/** Ids of the user's friends: whose presence their sockets follow. */
export async function listFriendIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: sql<string>`${otherOf(userId)}` })
    .from(friendships)
    .where(involves(userId));
  return rows.map((row) => row.id);
}

export async function areFriends(db: Reader, a: string, b: string): Promise<boolean> {
  const [row] = await db.select({ id: friendships.id }).from(friendships).where(pairIs(a, b));
  return Boolean(row);
}
