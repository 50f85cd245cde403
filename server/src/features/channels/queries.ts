import { type AnyColumn, and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Channel, ChannelMember } from '#shared/channels';
import { type MemberRole, UNREAD_BADGE_CAP } from '#shared/limits';
import type { User } from '#shared/users';
import { users } from '../../auth/schema';
import { presentUser } from '../../auth/user-presenter';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { isMemberOf } from './membership';
import { presentChannel, presentMember } from './presenter';
import { channelMembers, channels } from './schema';
import { unreadCountSql } from './unread-count';

// The badge shows "99+" above 99 (docs/product.md §9): counting further would only cost time.
const UNREAD_COUNT_LIMIT = UNREAD_BADGE_CAP + 1;

/**
 * The caller's channels as the sidebar shows them, in one query: unread counts come from a
 * bounded correlated count of the seqs after the read marker, on (channel_id, seq); the
 * direct peers from a second query.
 */
export async function listChannelsForUser(
  db: Db,
  userId: string,
  onlyChannelId?: string,
  /** DEFAULT_CHANNEL's value: each channel then says whether it is the default one. */
  defaultChannel?: string | null,
): Promise<Channel[]> {
  const unreadCount = unreadCountSql(
    channels.id,
    channelMembers.lastReadSeq,
    userId,
    UNREAD_COUNT_LIMIT,
  );
  const where: SQL[] = [eq(channelMembers.userId, userId)];
  if (onlyChannelId) where.push(eq(channels.id, onlyChannelId));
  const rows = await db
    .select({
      channel: channels,
      unreadCount,
      lastReadAt: channelMembers.lastReadAt,
      lastReadSeq: channelMembers.lastReadSeq,
      role: channelMembers.role,
    })
    .from(channelMembers)
    .innerJoin(channels, eq(channels.id, channelMembers.channelId))
    .where(and(...where))
    .orderBy(sql`lower(${channels.name})`, asc(channels.createdAt));

  const directIds = rows.filter((r) => r.channel.type === 'direct').map((r) => r.channel.id);
  const peers = await directPeers(db, directIds, userId);
  return rows.map((r) =>
    presentChannel(r.channel, {
      unreadCount: r.unreadCount,
      lastReadAt: r.lastReadAt,
      lastReadSeq: r.lastReadSeq,
      role: r.role as MemberRole,
      directUser: peers.get(r.channel.id) ?? null,
      defaultChannel,
    }),
  );
}

/** The caller's view of one channel, or undefined when they are not a member. */
export async function findChannelForUser(
  db: Db,
  userId: string,
  channelId: string,
  defaultChannel?: string | null,
): Promise<Channel | undefined> {
  const [channel] = await listChannelsForUser(db, userId, channelId, defaultChannel);
  return channel;
}

/** For each direct channel, the member who is not the viewer. */
async function directPeers(
  db: Db,
  channelIds: string[],
  viewerId: string,
): Promise<Map<string, User>> {
  if (channelIds.length === 0) return new Map();
  // One channel (findChannelForUser: GET /api/channels/{id}) is asked by `= $1`, which PostgreSQL
  // plans once; `= any($1)` it planned at every call, a generic plan costed for ten channels
  // never beating a custom one for one (as the session look-up: auth/sessions.ts).
  const [only] = channelIds;
  const peers = and(
    channelIds.length === 1 && only
      ? eq(channelMembers.channelId, only)
      : sql`${channelMembers.channelId} = any(${uuids(channelIds)})`,
    ne(channelMembers.userId, viewerId),
  );
  // The peers' ids first (an array computed once), then each user by its key. Joined plainly,
  // PostgreSQL hashed every user for a few peers: 3.2 ms at 5,000 users (docs/performance-log.md,
  // capacity, "2026-11-28, 06:00").
  const peerIds = db.select({ id: channelMembers.userId }).from(channelMembers).where(peers);
  const rows = await db
    .select({ channelId: channelMembers.channelId, user: users })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(and(peers, sql`${users.id} = any(array(${peerIds}))`));
  return new Map(rows.map((r) => [r.channelId, presentUser(r.user)]));
}

/** Members with their users: owners first, then by arrival. */
export async function listMembers(db: Db, channelId: string): Promise<ChannelMember[]> {
  const rows = await db
    .select({ member: channelMembers, user: users })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(eq(channelMembers.channelId, channelId))
    .orderBy(
      sql`case ${channelMembers.role} when 'owner' then 0 when 'admin' then 1 else 2 end`,
      asc(channelMembers.joinedAt),
    );
  return rows.map((r) => presentMember(r.member, r.user));
}

export async function findMember(
  db: Db,
  channelId: string,
  userId: string,
): Promise<ChannelMember | undefined> {
  const [row] = await db
    .select({ member: channelMembers, user: users })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(and(eq(channelMembers.channelId, channelId), eq(channelMembers.userId, userId)))
    .limit(1);
  return row && presentMember(row.member, row.user);
}

/**
 * The members among `handles` (lower-case display names, first names, full names, emails or
 * their local parts) or among `picked` ids: what a message mentions. Looked up on the users'
 * handle indexes, then checked against the membership index: proportional to the handles,
 * not to the channel's members (docs/security.md, finding 6).
 */
export async function findMentionedMembers(
  db: Db,
  channelId: string,
  handles: readonly string[],
  picked: readonly string[] = [],
): Promise<string[]> {
  if (handles.length === 0 && picked.length === 0) return [];
  // One index scan per kind of handle (an OR of them made the planner scan every user).
  const matching = (handle: SQL) =>
    db
      .select({ id: users.id })
      .from(users)
      .where(inArray(handle, [...handles]));
  const byHandle = handles.length
    ? inArray(
        users.id,
        union(
          matching(sql`lower(${users.displayName})`),
          matching(sql`lower(${users.firstName})`),
          matching(sql`lower(${users.firstName} || ' ' || ${users.lastName})`),
          matching(sql`lower(${users.email})`),
          matching(sql`lower(split_part(${users.email}, '@', 1))`),
        ),
      )
    : undefined;
  const byId = picked.length ? inArray(users.id, [...picked]) : undefined;
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(or(byHandle, byId), isMemberOf(sql`${channelId}::uuid`, users.id)));
  return rows.map((row) => row.id);
}

/** The channel's type (undefined when there is no such channel), for other features' rules. */
export async function findChannelType(db: Db, channelId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ type: channels.type })
    .from(channels)
    .where(eq(channels.id, channelId));
  return row?.type;
}

/** The channel's name, as a column of another feature's query (one statement, no join). */
export const channelNameSql = (channelId: AnyColumn | SQL): SQL<string> =>
  sql<string>`(select ${channels.name} from ${channels} where ${channels.id} = ${channelId})`;

/** Whether the user is a member of the channel, as a condition of another feature's query. */
export const isMemberSql = (channelId: AnyColumn | SQL, userId: string): SQL =>
  sql`exists (select 1 from ${channelMembers} where ${channelMembers.channelId} = ${channelId} and ${channelMembers.userId} = ${userId})`;

/** The channel's type, as a column of another feature's query (one statement, no join). */
export const channelTypeSql = (channelId: AnyColumn | SQL): SQL<string> =>
  sql<string>`(select ${channels.type} from ${channels} where ${channels.id} = ${channelId})`;
