import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type Message,
  THREAD_LATEST_REPLIES,
  THREAD_PAGE_SIZE,
  type ThreadListPage,
  type ThreadSummaryItem,
} from '#shared/messages';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { isMemberOf } from '../channels/membership';
import { channelNameSql, channelTypeSql } from '../channels/queries';
import type { Deps } from '../deps';
import { present, selectJoined } from './queries';
import { messages, threadFollows } from './schema';

/**
 * Followed threads (Slack's "Fils de discussion"). A thread is followed by its parent's
 * author, every replier and everyone mentioned in it: each reply adds them (after its commit,
 * off the send path), the replier having read up to their own reply. Listing checks
 * membership in its statement, so a member who left stops seeing the channel's threads.
 */
export function subscribeThreadFollows(deps: Deps): void {
  deps.events.on('messageCreated', async ({ message }) => {
    if (!message.parentMessageId) return;
    const followers = await followOnReply(deps.db, message);
    if (followers.length === 0) return;
    await deps.realtime.toUsers(followers, {
      type: 'thread_activity',
      parentMessageId: message.parentMessageId,
    });
  });
}

/** Adds the reply's people to its thread's followers; answers every follower's id. */
async function followOnReply(db: Db, reply: Message): Promise<string[]> {
  const parentId = reply.parentMessageId as string;
  const [parent] = await db
    .select({ userId: messages.userId, mentions: messages.mentions })
    .from(messages)
    .where(eq(messages.id, parentId));
  if (!parent) return [];
  const people = [...new Set([parent.userId, ...parent.mentions, reply.userId, ...reply.mentions])];
  // Only current members follow (a mention of someone outside the channel adds nobody).
  await db.execute(sql`
    insert into ${threadFollows} (user_id, parent_message_id, channel_id, last_read_seq)
    select ${users.id}, ${parentId}, ${reply.channelId},
      case when ${users.id} = ${reply.userId} then ${reply.seq}::bigint else 0 end
    from ${users}
    where ${users.id} in (${sql.join(
      people.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}) and ${isMemberOf(sql`${reply.channelId}::uuid`, users.id)}
    on conflict (user_id, parent_message_id) do update
      set last_read_seq = greatest(${threadFollows.lastReadSeq}, excluded.last_read_seq)`);
  const rows = await db
    .select({ userId: threadFollows.userId })
    .from(threadFollows)
    .where(eq(threadFollows.parentMessageId, parentId));
  return rows.map((r) => r.userId);
}

/** Replies by others after the follower's read mark, for `tf` (a thread_follows alias). */
const unreadRepliesSql = (userId: string): SQL => sql`
  r.seq > tf.last_read_seq and r.user_id <> ${userId}`;

/** The threads `userId` follows in channels they belong to, newest reply first. */
export async function listFollowedThreads(
  db: Db,
  userId: string,
  cursor?: string,
): Promise<ThreadListPage> {
  const [cursorAt, cursorId] = cursor ? cursor.split('_') : [];
  // Milliseconds: the cursor carries an ISO date, so compare at the precision it keeps.
  const rows = await db.execute<{ id: string; last_at: string | Date; unread: number }>(sql`
    select tf.parent_message_id as id, s.last_at, s.unread
    from ${threadFollows} tf
    cross join lateral (
      select date_trunc('milliseconds', max(r.created_at)) as last_at,
        (count(*) filter (where ${unreadRepliesSql(userId)}))::int as unread
      from ${messages} r where r.parent_message_id = tf.parent_message_id
    ) s
    where tf.user_id = ${userId} and s.last_at is not null
      and ${isMemberOf(sql.raw('tf.channel_id'), userId)}
      ${cursorAt ? sql`and (s.last_at, tf.parent_message_id) < (${cursorAt}::timestamptz, ${cursorId}::uuid)` : sql``}
    order by s.last_at desc, tf.parent_message_id desc
    limit ${THREAD_PAGE_SIZE + 1}`);
  const page = rows.slice(0, THREAD_PAGE_SIZE);
  const ids = page.map((r) => r.id);
  const [parents, replies] = await Promise.all([parentsOf(db, ids), latestRepliesOf(db, ids)]);
  const threads: ThreadSummaryItem[] = [];
  for (const row of page) {
    const parent = parents.get(row.id);
    if (!parent) continue; // deleted between the two reads
    threads.push({
      parent,
      latestReplies: replies.filter((m) => m.parentMessageId === row.id),
      unreadCount: Number(row.unread),
      lastReplyAt: new Date(row.last_at).toISOString(),
    });
  }
  const last = page.at(-1);
  const nextCursor =
    rows.length > THREAD_PAGE_SIZE && last
      ? `${new Date(last.last_at).toISOString()}_${last.id}`
      : null;
  return { threads, nextCursor };
}

async function parentsOf(db: Db, ids: string[]): Promise<Map<string, Message>> {
  if (ids.length === 0) return new Map();
  const rows = await selectJoined(db).where(inArray(messages.id, ids));
  return new Map(present(rows).map((m) => [m.id, m]));
}

async function latestRepliesOf(db: Db, ids: string[]): Promise<Message[]> {
  if (ids.length === 0) return [];
  const outer = sql.raw('"messages"');
  const rows = await selectJoined(db)
    .where(
      and(
        inArray(messages.parentMessageId, ids),
        sql`(select count(*) from ${messages} newer
          where newer.parent_message_id = ${outer}.parent_message_id
            and newer.seq > ${outer}.seq) < ${THREAD_LATEST_REPLIES}`,
      ),
    )
    .orderBy(desc(messages.seq));
  return present(rows).reverse();
}

export interface UnreadThread {
  parent: Message;
  channelName: string | null;
  channelType: string | null;
  unreadCount: number;
  lastReplyAt: string;
}

/**
 * The followed threads with replies the user has not read (« Ma journée »), newest reply
 * first, at most `limit`; `total` counts them all.
 */
export async function listUnreadThreads(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ threads: UnreadThread[]; total: number }> {
  const rows = await db.execute<{
    id: string;
    last_at: string | Date;
    unread: number;
    channel_name: string | null;
    channel_type: string | null;
  }>(sql`
    select tf.parent_message_id as id, s.last_at, s.unread,
      ${channelNameSql(sql.raw('tf.channel_id'))} as channel_name,
      ${channelTypeSql(sql.raw('tf.channel_id'))} as channel_type
    from ${threadFollows} tf
    cross join lateral (
      select max(r.created_at) as last_at,
        (count(*) filter (where ${unreadRepliesSql(userId)}))::int as unread
      from ${messages} r where r.parent_message_id = tf.parent_message_id
    ) s
    where tf.user_id = ${userId} and s.unread > 0
      and ${isMemberOf(sql.raw('tf.channel_id'), userId)}
    order by s.last_at desc, tf.parent_message_id desc
    limit ${limit}`);
  const [parents, total] = await Promise.all([
    parentsOf(
      db,
      rows.map((r) => r.id),
    ),
    rows.length < limit ? Promise.resolve(rows.length) : countUnreadThreads(db, userId),
  ]);
  const threads: UnreadThread[] = [];
  for (const row of rows) {
    const parent = parents.get(row.id);
    if (!parent) continue; // deleted between the two reads
    threads.push({
      parent,
      channelName: row.channel_name,
      channelType: row.channel_type,
      unreadCount: Number(row.unread),
      lastReplyAt: new Date(row.last_at).toISOString(),
    });
  }
  return { threads, total };
}

/** How many followed threads (in channels the user belongs to) have unread replies. */
export async function countUnreadThreads(db: Db, userId: string): Promise<number> {
  const [row] = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from ${threadFollows} tf
    where tf.user_id = ${userId} and ${isMemberOf(sql.raw('tf.channel_id'), userId)}
      and exists (select 1 from ${messages} r
        where r.parent_message_id = tf.parent_message_id and ${unreadRepliesSql(userId)})`);
  return Number(row?.count ?? 0);
}

/** The user read the thread up to `seq`; their other tabs hear of it. */
export async function markThreadRead(
  deps: Deps,
  userId: string,
  parentId: string,
  seq: number,
): Promise<void> {
  const updated = await deps.db
    .update(threadFollows)
    .set({ lastReadSeq: sql`greatest(${threadFollows.lastReadSeq}, ${seq})` })
    .where(and(eq(threadFollows.userId, userId), eq(threadFollows.parentMessageId, parentId)))
    .returning({ userId: threadFollows.userId });
  if (updated.length === 0) return;
  await deps.realtime.toUsers([userId], { type: 'thread_activity', parentMessageId: parentId });
}
