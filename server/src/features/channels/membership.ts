import { type AnyColumn, and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { MemberRole } from '#shared/limits';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { canModerateChannel } from './roles';
import { channelMembers, channelRemovals } from './schema';

/** The caller's role in a channel, or null when not a member (docs/product.md §10.2: then 404). */
export async function getMemberRole(
  db: Db,
  channelId: string,
  userId: string,
): Promise<MemberRole | null> {
  const [row] = await db
    .select({ role: channelMembers.role })
    .from(channelMembers)
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .limit(1);
  return (row?.role as MemberRole | undefined) ?? null;
}

/** Ids of every channel the user belongs to: what a new socket subscribes to. */
export async function listChannelIdsForUser(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ channelId: channelMembers.channelId })
    .from(channelMembers)
    .where(eq(channelMembers.userId, userId));
  return rows.map((r) => r.channelId);
}

/** Ids of the channel's members: who a channel event reaches. */
export async function listMemberIds(db: Db, channelId: string): Promise<string[]> {
  const rows = await db
    .select({ userId: channelMembers.userId })
    .from(channelMembers)
    .where(eq(channelMembers.channelId, channelId));
  return rows.map((r) => r.userId);
}

/**
 * "`userId` belongs to the channel `channelId`", as a condition for another feature's query
 * that must check membership in the same statement (a join on channel_members, as an
 * exists on its unique (channel_id, user_id) index).
 */
export const isMemberOf = (
  channelId: AnyColumn | SQLWrapper,
  userId: AnyColumn | SQLWrapper | string,
): SQL =>
  sql`exists (select 1 from ${channelMembers} where ${channelMembers.channelId} = ${channelId}
    and ${channelMembers.userId} = ${userId})`;

/**
 * Whether the user manages the channel: its owner, one of its administrators, or a workspace
 * administrator (roles.ts, canModerateChannel). Managers replace and revoke invites and
 * re-admit removed members.
 */
export const isChannelManager = (db: Db, channelId: string, userId: string): Promise<boolean> =>
  canModerateChannel(db, channelId, userId);

/** When the user was last removed from the channel by someone else, if ever. */
export async function findRemoval(db: Db, channelId: string, userId: string): Promise<Date | null> {
  const [row] = await db
    .select({ removedAt: channelRemovals.removedAt })
    .from(channelRemovals)
    .where(and(eq(channelRemovals.channelId, channelId), eq(channelRemovals.userId, userId)));
  return row?.removedAt ?? null;
}

/** Forget a removal once the user is readmitted (in the transaction that adds them). */
export async function clearRemoval(tx: Pick<Db, 'delete'>, channelId: string, userId: string) {
  await tx
    .delete(channelRemovals)
    .where(and(eq(channelRemovals.channelId, channelId), eq(channelRemovals.userId, userId)));
}

/**
 * Which of `others` share at least one channel with `userId` (who may see their presence).
 * The user's channels first, once (a dozen rows, hashed), then per person their own
 * memberships until one is among them. Left to the planner, the per-person probe became a
 * hash of every member of every channel of the user — 4,336 rows for a member of a few
 * 1,000-member channels, 2.1 ms a call for 70 people; this way 0.5 ms
 * (docs/performance-log.md, capacity, "2026-11-28, 22:00").
 */
export async function findCoMembers(
  db: Db,
  userId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    with mine as materialized (
      select channel_id from ${channelMembers} where user_id = ${userId}::uuid
    )
    select o.id from unnest(${uuids(others)}) o(id)
    where exists (
      select 1 from ${channelMembers} theirs
      join mine on mine.channel_id = theirs.channel_id
      where theirs.user_id = o.id)`);
  return new Set([...rows].map((row) => row.id));
}

/**
 * Which of `others` are members of `channelId`, when `userId` is one too: one range of the
 * channel's (channel, user) index. The people a page shows are its channel's members, so
 * this answers most presence watches (features/channels/realtime.ts).
 */
export async function findMembersAmong(
  db: Db,
  channelId: string,
  userId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db.execute<{ id: string }>(sql`
    select m.user_id as id from ${channelMembers} m
    where m.channel_id = ${channelId}::uuid and m.user_id = any(${uuids(others)})
      and exists (select 1 from ${channelMembers} v
        where v.channel_id = ${channelId}::uuid and v.user_id = ${userId}::uuid)`);
  return new Set([...rows].map((row) => row.id));
}

/**
 * The channel's member ids, as a subquery for another feature's one set-based statement
 * (features/notifications: one INSERT … SELECT per message, whatever the channel's size).
 */
export const memberIdsSql = (channelId: string): SQL => memberIdsOfSql(sql`${channelId}`);

/** memberIdsSql of the channel a column names (a lateral subquery, one channel per row). */
export const memberIdsOfSql = (channel: SQL): SQL =>
  sql`select ${channelMembers.userId} as user_id from ${channelMembers}
    where ${channelMembers.channelId} = ${channel}`;
