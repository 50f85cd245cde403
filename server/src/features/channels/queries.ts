import { and, asc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Channel, ChannelMember } from '#shared/channels';
import { UNREAD_BADGE_CAP } from '#shared/limits';
import type { User } from '#shared/users';
import type { Db } from '../../db/client';
import { channelMembers, channels, messages, users } from '../../db/schema';
import { presentUser } from '../users/presenter';
import { presentChannel, presentMember } from './presenter';

// The badge shows "99+" above 99 (SPEC §9): counting further would only cost time.
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
): Promise<Channel[]> {
  const unreadCount = sql<number>`(
    select count(*)::int from (
      select 1 from ${messages} x
      where x.channel_id = ${channels.id} and x.seq > ${channelMembers.lastReadSeq}
        and x.user_id <> ${userId}
      limit ${sql.raw(String(UNREAD_COUNT_LIMIT))}
    ) unread)`;
  const where: SQL[] = [eq(channelMembers.userId, userId)];
  if (onlyChannelId) where.push(eq(channels.id, onlyChannelId));
  const rows = await db
    .select({
      channel: channels,
      unreadCount,
      lastReadAt: channelMembers.lastReadAt,
      lastReadSeq: channelMembers.lastReadSeq,
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
      directUser: peers.get(r.channel.id) ?? null,
    }),
  );
}

/** The caller's view of one channel, or undefined when they are not a member. */
export async function findChannelForUser(
  db: Db,
  userId: string,
  channelId: string,
): Promise<Channel | undefined> {
  const [channel] = await listChannelsForUser(db, userId, channelId);
  return channel;
}

/** For each direct channel, the member who is not the viewer. */
async function directPeers(
  db: Db,
  channelIds: string[],
  viewerId: string,
): Promise<Map<string, User>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db
    .select({ channelId: channelMembers.channelId, user: users })
    .from(channelMembers)
    .innerJoin(users, eq(users.id, channelMembers.userId))
    .where(and(inArray(channelMembers.channelId, channelIds), ne(channelMembers.userId, viewerId)));
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
