import { and, asc, desc, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import {
  MESSAGE_CATCH_UP_MAX,
  MESSAGE_PAGE_SIZE,
  type Message,
  type MessagePage,
  type ReactionGroup,
} from '#shared/messages';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { isMemberOf } from '../channels/membership';
import { groupReactions, type MessageRow, presentMessage, type ThreadSummary } from './presenter';
import { messages, reactions } from './schema';

export const MESSAGE_NOT_FOUND = 'Message introuvable';

type UserRow = typeof users.$inferSelect;
type Joined = { message: MessageRow; user: UserRow };

/** Messages with their authors, in one query on the (channel_id, seq) index. */
function selectJoined(db: Db) {
  return db
    .select({ message: messages, user: users })
    .from(messages)
    .innerJoin(users, eq(users.id, messages.userId));
}

/** Reactions for a set of messages, in one query. */
export async function reactionsFor(db: Db, ids: string[]): Promise<Map<string, ReactionGroup[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ messageId: reactions.messageId, emoji: reactions.emoji, userId: reactions.userId })
    .from(reactions)
    .where(inArray(reactions.messageId, ids))
    .orderBy(asc(reactions.createdAt), asc(reactions.id));
  const byMessage = new Map<string, Array<{ emoji: string; userId: string }>>();
  for (const row of rows) {
    const list = byMessage.get(row.messageId) ?? [];
    list.push(row);
    byMessage.set(row.messageId, list);
  }
  return new Map([...byMessage].map(([id, list]) => [id, groupReactions(list)]));
}

/** Reply counts of a set of top-level messages, in one grouped query. */
async function threadsFor(db: Db, ids: string[]): Promise<Map<string, ThreadSummary>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      parentId: messages.parentMessageId,
      replyCount: sql<number>`count(*)::int`,
      lastReplyAt: sql<string>`max(${messages.createdAt})`,
    })
    .from(messages)
    .where(inArray(messages.parentMessageId, ids))
    .groupBy(messages.parentMessageId);
  return new Map(
    rows.map((r) => [
      r.parentId ?? '',
      { replyCount: r.replyCount, lastReplyAt: r.lastReplyAt ? new Date(r.lastReplyAt) : null },
    ]),
  );
}

/** Present rows with reactions and reply counts: two more queries for the whole list. */
export async function hydrate(db: Db, rows: Joined[]): Promise<Message[]> {
  const ids = rows.map((r) => r.message.id);
  const topLevel = rows.filter((r) => !r.message.parentMessageId).map((r) => r.message.id);
  const [reactionMap, threadMap] = await Promise.all([
    reactionsFor(db, ids),
    threadsFor(db, topLevel),
  ]);
  return rows.map((r) =>
    presentMessage(r.message, r.user, reactionMap.get(r.message.id), threadMap.get(r.message.id)),
  );
}

export async function findPresentedMessage(db: Db, id: string): Promise<Message | undefined> {
  const rows = await selectJoined(db).where(eq(messages.id, id));
  const [message] = await hydrate(db, rows);
  return message;
}

/**
 * A message the user may see: in a channel they belong to. Anything else is 404, whether
 * the message does not exist or sits in someone else's channel (docs/product.md §10.2).
 */
export async function findMessageForMember(
  db: Db,
  messageId: string,
  userId: string,
): Promise<MessageRow> {
  const [row] = await db
    .select({ message: messages })
    .from(messages)
    .where(and(eq(messages.id, messageId), isMemberOf(messages.channelId, userId)))
    .limit(1);
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return row.message;
}

const inChannelTopLevel = (channelId: string, ...more: SQL[]) =>
  and(eq(messages.channelId, channelId), isNull(messages.parentMessageId), ...more);

/** Newest page, or the page just older than `before`; returned oldest → newest. */
export async function listPageBefore(
  db: Db,
  channelId: string,
  before?: number,
): Promise<MessagePage> {
  const rows = await selectJoined(db)
    .where(
      inChannelTopLevel(channelId, ...(before === undefined ? [] : [lt(messages.seq, before)])),
    )
    .orderBy(desc(messages.seq))
    .limit(MESSAGE_PAGE_SIZE + 1);
  const hasOlder = rows.length > MESSAGE_PAGE_SIZE;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  return {
    messages: await hydrate(db, page),
    nextCursor: hasOlder && page[0] ? String(page[0].message.seq) : null,
    newerCursor: null,
  };
}

/**
 * Reconnect catch-up (docs/product.md §10.9): every message after `after`, replies included, ascending.
 * Seqs are committed in order (the channel row lock is held until commit), so what is
 * visible after N never has a hole that fills in later.
 */
export async function listMessagesAfter(
  db: Db,
  channelId: string,
  after: number,
  limit = MESSAGE_CATCH_UP_MAX,
): Promise<MessagePage> {
  const rows = await selectJoined(db)
    .where(and(eq(messages.channelId, channelId), gt(messages.seq, after)))
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: await hydrate(db, page),
    nextCursor: null,
    newerCursor: rows.length > limit && last ? String(last.message.seq) : null,
  };
}

/** Permalinks: the message (or a reply's parent) with as many older as newer around it. */
export async function listPageAround(
  db: Db,
  channelId: string,
  messageId: string,
): Promise<MessagePage> {
  const [hit] = await db
    .select({ seq: messages.seq, parentId: messages.parentMessageId })
    .from(messages)
    .where(and(eq(messages.id, messageId), eq(messages.channelId, channelId)));
  if (!hit) throw notFound(MESSAGE_NOT_FOUND);
  let seq = hit.seq;
  if (hit.parentId) {
    const [parent] = await db
      .select({ seq: messages.seq })
      .from(messages)
      .where(eq(messages.id, hit.parentId));
    seq = parent?.seq ?? seq;
  }
  // Up to a page each way, so that near either end the page still fills up.
  const [older, newer] = await Promise.all([
    selectJoined(db)
      .where(inChannelTopLevel(channelId, lt(messages.seq, seq)))
      .orderBy(desc(messages.seq))
      .limit(MESSAGE_PAGE_SIZE + 1),
    selectJoined(db)
      .where(inChannelTopLevel(channelId, sql`${messages.seq} >= ${seq}`))
      .orderBy(asc(messages.seq))
      .limit(MESSAGE_PAGE_SIZE + 1),
  ]);
  const half = Math.floor(MESSAGE_PAGE_SIZE / 2);
  const olderTake = Math.min(older.length, Math.max(half, MESSAGE_PAGE_SIZE - newer.length));
  const olderPage = older.slice(0, olderTake).reverse();
  const newerPage = newer.slice(0, MESSAGE_PAGE_SIZE - olderTake);
  const first = olderPage[0] ?? newerPage[0];
  const last = newerPage.at(-1);
  return {
    messages: await hydrate(db, [...olderPage, ...newerPage]),
    nextCursor: older.length > olderTake && first ? String(first.message.seq) : null,
    newerCursor: newer.length > newerPage.length && last ? String(last.message.seq) : null,
  };
}

/** Where reading resumes: the page around the first top-level message after `seq`. */
export async function listPageFrom(db: Db, channelId: string, seq: number): Promise<MessagePage> {
  const [first] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(inChannelTopLevel(channelId, gt(messages.seq, seq)))
    .orderBy(asc(messages.seq))
    .limit(1);
  return first ? listPageAround(db, channelId, first.id) : listPageBefore(db, channelId);
}

/** A thread: the top-level message and its replies, oldest first. */
export async function listThread(
  db: Db,
  parentId: string,
): Promise<{ parent: Message; replies: Message[] }> {
  const [parentRows, replyRows] = await Promise.all([
    selectJoined(db).where(eq(messages.id, parentId)),
    selectJoined(db).where(eq(messages.parentMessageId, parentId)).orderBy(asc(messages.seq)),
  ]);
  const [parent, ...replies] = await hydrate(db, [...parentRows, ...replyRows]);
  if (!parent) throw notFound(MESSAGE_NOT_FOUND);
  return { parent, replies };
}
