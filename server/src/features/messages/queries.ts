import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lt,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  MESSAGE_CATCH_UP_MAX,
  MESSAGE_PAGE_SIZE,
  type Message,
  type MessagePage,
  type ReactionGroup,
} from '#shared/messages';
import { userDisplayName } from '#shared/user-names';
import type { User } from '#shared/users';
import { users } from '../../auth/schema';
import { type PresentableUser, presentUser } from '../../auth/user-presenter';
import type { Db } from '../../db/client';
import { compiledSelect } from '../../db/compiled-select';
import { notFound } from '../../lib/errors';
import { isMemberOf } from '../channels/membership';
import { channelNameSql, channelTypeSql } from '../channels/queries';
import { linkPreviewsSql } from './link-previews-column';
import { groupReactions, type MessageRow, presentMessage } from './presenter';
import { messages, reactions } from './schema';

export const MESSAGE_NOT_FOUND = 'Message introuvable';

/**
 * What a message shows of its author (presentUser): not the whole row — a page read the
 * password hash and the OIDC subject of 50 authors to drop them.
 */
const authorColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  displayName: users.displayName,
  profileImageUrl: users.profileImageUrl,
  status: users.status,
  statusMessage: users.statusMessage,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  // Issue 48: a deactivated author's name shows « (désactivé) ».
  deactivatedAt: users.deactivatedAt,
} satisfies { [K in keyof PresentableUser]: AnyPgColumn };

/**
 * Messages with their authors, reactions (oldest first) and reply counts, in one statement on
 * the (channel_id, seq) index: a page is one round trip to the store, not three (issue 15:
 * a signed-in request costs one or two). The reactions and the thread summary are
 * correlated sub-selects on their message-id indexes, for the page's rows only.
 */
const joinedFields = () => {
  // Qualified by hand: Drizzle writes a bare "id" inside sql`` where the outer message is meant.
  const outerId = sql.raw('"messages"."id"');
  return {
    message: messages,
    user: authorColumns,
    reactions: sql<Array<{ emoji: string; userId: string }>>`(
      select coalesce(json_agg(json_build_object('emoji', r.emoji, 'userId', r.user_id)
        order by r.created_at, r.id), '[]'::json)
      from ${reactions} r where r.message_id = ${outerId})`,
    // Count and latest together, in one aggregate over the replies' index. Alone, max()
    // let PostgreSQL walk messages_created_idx backwards through every message of every
    // channel looking for a reply (20,000 rows a message, 207 ms a page at 20,000
    // messages: docs/performance-log.md, "Channel switch").
    replies: sql<{ count: number; last: string | null }>`(
      select json_build_object('count', count(*)::int, 'last', max(reply.created_at))
      from ${messages} reply where reply.parent_message_id = ${outerId})`,
    // Provided by the link-previews feature (link-previews-column.ts).
    previews: linkPreviewsSql(outerId),
  };
};

export function selectJoined(db: Db) {
  return db.select(joinedFields()).from(messages).innerJoin(users, eq(users.id, messages.userId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectJoined>['execute']>>[number];

/**
 * Present the rows selectJoined read: nothing more to ask the store. Each author is presented
 * once however many of the rows are theirs.
 */
export function present(rows: Joined[]): Message[] {
  const authors = new Map<string, User>();
  const authorOf = (row: PresentableUser) => {
    let author = authors.get(row.id);
    if (!author) {
      author = presentUser(row);
      authors.set(row.id, author);
    }
    return author;
  };
  return rows.map((r) =>
    presentMessage(
      r.message,
      authorOf(r.user),
      groupReactions(r.reactions),
      r.message.parentMessageId
        ? undefined
        : {
            replyCount: r.replies.count,
            lastReplyAt: r.replies.last ? new Date(r.replies.last) : null,
          },
      r.previews,
    ),
  );
}

export async function findPresentedMessage(db: Db, id: string): Promise<Message | undefined> {
  const rows = await selectJoined(db).where(eq(messages.id, id));
  const [message] = present(rows);
  return message;
}

/**
 * The presented messages of these ids, by id; those gone are left out (for another feature's
 * lists of messages: pins, saved messages).
 */
export async function findPresentedMessages(
  db: Db,
  ids: readonly string[],
): Promise<Map<string, Message>> {
  if (ids.length === 0) return new Map();
  const rows = await selectJoined(db).where(inArray(messages.id, [...ids]));
  return new Map(present(rows).map((m) => [m.id, m]));
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

/**
 * What toggling a reaction did: the message it is on, and its reactions after the toggle;
 * with the message's channel (name, type) and the reacting user's name as a notification of
 * it says them, read in the same statement.
 */
export interface ToggledReaction {
  message: Pick<MessageRow, 'id' | 'channelId' | 'userId' | 'content'>;
  added: boolean;
  reactions: ReactionGroup[];
  channel: { name: string; type: string };
  actorName: string | null;
}

/**
 * Add the user's reaction to a message in a channel they belong to, or take it back if it
 * was there, and read the message's reactions after — one statement, so a reaction costs
 * one round trip to the store besides the session's (issue 15; it was four). Its parts see
 * the same snapshot: the reactions after are those seen, less the one removed, plus the one
 * added. A message the user may not see is 404, as findMessageForMember.
 */
export async function toggleReactionRow(
  db: Db,
  messageId: string,
  userId: string,
  emoji: string,
): Promise<ToggledReaction> {
  const rows = await db.execute<{
    channel_id: string;
    user_id: string;
    content: string;
    added: boolean;
    reactions: Array<{ emoji: string; userId: string }>;
    channel_name: string;
    channel_type: string;
    actor: Pick<User, 'displayName' | 'firstName' | 'lastName' | 'email'> | null;
  }>(sql`
    with msg as (
      select m.id, m.channel_id, m.user_id, m.content from ${messages} m
      where m.id = ${messageId}::uuid and ${isMemberOf(sql`m.channel_id`, userId)}
    ), added as (
      insert into ${reactions} (message_id, user_id, emoji)
      select id, ${userId}::uuid, ${emoji} from msg
      on conflict (message_id, user_id, emoji) do nothing
      returning id, emoji, user_id, created_at
    ), removed as (
      delete from ${reactions} r
      where r.message_id = (select id from msg) and r.user_id = ${userId}::uuid
        and r.emoji = ${emoji} and not exists (select 1 from added)
      returning r.id
    ), after as (
      select r.id, r.emoji, r.user_id, r.created_at from ${reactions} r
      where r.message_id = (select id from msg) and r.id not in (select id from removed)
      union all
      select id, emoji, user_id, created_at from added
    )
    select msg.channel_id, msg.user_id, msg.content,
      exists (select 1 from added) as added,
      coalesce((select json_agg(json_build_object('emoji', a.emoji, 'userId', a.user_id)
          order by a.created_at, a.id) from after a), '[]'::json) as reactions,
      ${channelNameSql(sql`msg.channel_id`)} as channel_name,
      ${channelTypeSql(sql`msg.channel_id`)} as channel_type,
      (select json_build_object('displayName', u.display_name, 'firstName', u.first_name,
          'lastName', u.last_name, 'email', u.email)
        from ${users} u where u.id = ${userId}::uuid) as actor
    from msg`);
  const [row] = [...rows];
  if (!row) throw notFound(MESSAGE_NOT_FOUND);
  return {
    message: {
      id: messageId,
      channelId: row.channel_id,
      userId: row.user_id,
      content: row.content,
    },
    added: row.added,
    reactions: groupReactions(row.reactions),
    channel: { name: row.channel_name, type: row.channel_type },
    actorName: row.actor ? userDisplayName(row.actor) : null,
  };
}

const inChannelTopLevel = (channelId: string | Placeholder, ...more: Array<SQL | undefined>) =>
  and(eq(messages.channelId, channelId), isNull(messages.parentMessageId), ...more);

/**
 * Rows only when `viewerId` is a member: the membership check rides in the page's own
 * statement. An empty page then means "not a member, or nothing there": the caller tells
 * them apart with one more look-up, on that rare path only.
 */
const seenBy = (channelId: string, viewerId: string | undefined) =>
  viewerId === undefined ? undefined : isMemberOf(sql`${channelId}`, viewerId);

/**
 * The newest page and the page before a seq, as a member asks for them (every channel opened
 * asks for one): built once per database, then only their values are sent. This select —
 * 30 columns, two sub-selects, the membership check — was the one built most often, and
 * building selects was half of the server's time in Drizzle (docs/performance-log.md, capacity,
 * "2026-11-28, 15:00"). Their rows are mapped by steps worked out once (db/compiled-select.ts):
 * Drizzle's own mapping of a page's 1,200 fields was a third of its CPU ("2026-11-28, 22:00").
 */
const pageQueries = new WeakMap<Db, ReturnType<typeof preparePages>>();

function preparePages(db: Db) {
  const channelId = sql.placeholder('channelId');
  const page = (before?: SQL) =>
    compiledSelect<Joined>(
      db,
      joinedFields(),
      sql`from ${messages} inner join ${users} on ${eq(users.id, messages.userId)}
        where ${inChannelTopLevel(channelId, before, isMemberOf(channelId, sql.placeholder('viewerId')))}
        order by ${messages.seq} desc limit ${MESSAGE_PAGE_SIZE + 1}`,
    );
  return {
    newest: page(),
    before: page(lt(messages.seq, sql.placeholder('before'))),
  };
}

function pagesOf(db: Db) {
  let pages = pageQueries.get(db);
  if (!pages) {
    pages = preparePages(db);
    pageQueries.set(db, pages);
  }
  return pages;
}

/** Newest page, or the page just older than `before`; returned oldest → newest. */
export async function listPageBefore(
  db: Db,
  channelId: string,
  before?: number,
  viewerId?: string,
): Promise<MessagePage> {
  const rows =
    viewerId === undefined
      ? await selectJoined(db)
          .where(
            inChannelTopLevel(
              channelId,
              before === undefined ? undefined : lt(messages.seq, before),
            ),
          )
          .orderBy(desc(messages.seq))
          .limit(MESSAGE_PAGE_SIZE + 1)
      : before === undefined
        ? await pagesOf(db).newest({ channelId, viewerId })
        : await pagesOf(db).before({ channelId, viewerId, before });
  const hasOlder = rows.length > MESSAGE_PAGE_SIZE;
  const page = rows.slice(0, MESSAGE_PAGE_SIZE).reverse();
  return {
    messages: present(page),
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
  viewerId?: string,
  limit = MESSAGE_CATCH_UP_MAX,
): Promise<MessagePage> {
  const rows = await selectJoined(db)
    .where(
      and(eq(messages.channelId, channelId), gt(messages.seq, after), seenBy(channelId, viewerId)),
    )
    .orderBy(asc(messages.seq))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    messages: present(page),
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
    messages: present([...olderPage, ...newerPage]),
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
  const [parent, ...replies] = present([...parentRows, ...replyRows]);
  if (!parent) throw notFound(MESSAGE_NOT_FOUND);
  return { parent, replies };
}

/**
 * Who took part in a thread (its parent's author and every replier), as a subquery for
 * another feature's one statement (features/notifications: replies notify the thread).
 */
export const threadParticipantsSql = (parentMessageId: string): SQL =>
  sql`select ${messages.userId} from ${messages}
    where ${messages.id} = ${parentMessageId} or ${messages.parentMessageId} = ${parentMessageId}`;

/**
 * For another feature's statement, after `from … <row>`: the messages of `channelId` from
 * `firstMessageId` on (by the channel's seq) that fold into a "new messages" item for
 * `readerId` — top-level, someone else's, not mentioning them (`foldsInto`, shared/
 * notification-fold.ts) — when `when` holds: their number as `fc.count` (0 otherwise) and the
 * latest of them as the row `lm` (features/notifications: an unread item's fold, derived).
 */
export const foldedMessagesJoin = (
  channelId: SQL,
  firstMessageId: SQL,
  readerId: SQL,
  when: SQL,
): SQL => sql`
  left join lateral (
    select count(*)::int as count, max(m.seq) as last_seq
    from ${messages} f
    join ${messages} m on m.channel_id = f.channel_id and m.seq >= f.seq
    where ${when} and f.id = ${firstMessageId}
      and m.parent_message_id is null and m.user_id <> ${readerId}
      and not m.mentions @> to_jsonb(${readerId}::text)
  ) fc on true
  left join ${messages} lm on lm.channel_id = ${channelId} and lm.seq = fc.last_seq`;

/** The ids of a channel's messages after `seq`, as a subquery for another feature's statement. */
export const laterMessageIdsSql = (channelId: string, seq: number): SQL =>
  laterMessageIdsOfSql(sql`${channelId}::uuid`, sql`${seq}`);

/** The seq of the message a column names, as a scalar subquery for another feature's statement. */
export const messageSeqOfSql = (messageId: SQL): SQL =>
  sql`(select m.seq from ${messages} m where m.id = ${messageId})`;

/**
 * laterMessageIdsSql of the channel and seq two columns name (a lateral subquery). Ordered by
 * seq, so that only the (channel, seq) index reads it without a sort: a plan cached while the
 * table was small took the clientId index, which has the channel first too, and read every
 * message of the channel (4–6 ms a statement in the send bench).
 */
export const laterMessageIdsOfSql = (channel: SQL, seq: SQL): SQL =>
  sql`select f.id from ${messages} f where f.channel_id = ${channel} and f.seq > ${seq}
    order by f.seq`;
