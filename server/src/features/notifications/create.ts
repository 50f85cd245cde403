import { type SQL, sql } from 'drizzle-orm';
import { NOTIFICATION_EXCERPT_MAX, NOTIFICATION_TITLE_MAX } from '#shared/limits';
import type { Message } from '#shared/messages';
import type { NotificationType } from '#shared/notifications';
import { userDisplayName } from '#shared/user-names';
import type { Db, Tx } from '../../db/client';
import { fixedStatement, plannedOnce } from '../../db/planned';
import { uuids } from '../../db/values';
import { memberIdsOfSql, memberIdsSql } from '../channels/membership';
import { isMemberSql } from '../channels/queries';
import {
  laterMessageIdsOfSql,
  laterMessageIdsSql,
  messageSeqOfSql,
  threadParticipantsSql,
} from '../messages/queries';
import type { Delivery } from './deliver';
import {
  actorJoin,
  presentWritten,
  selectPresentedRest,
  selectPresentedRestOf,
  written,
} from './presenter';
import {
  notificationChannelSettings,
  notificationPreferences,
  notifications,
  pushSubscriptions,
} from './schema';

/**
 * The notifications a domain event makes, each in ONE set-based statement run after the
 * event's own commit (docs/notifications.md). They return the ids they wrote; the caller
 * presents and delivers them.
 */

const title = (text: string) => text.slice(0, NOTIFICATION_TITLE_MAX);
const excerpt = (text: string) => text.slice(0, NOTIFICATION_EXCERPT_MAX);
const ids = (rows: Iterable<Record<string, unknown>>) => [...rows].map((r) => String(r.id));

/** `recipient` (a column) has not silenced `channelId`, and its level is at least `floor`. */
const settingsJoin = (recipient: SQL, channelId: string) =>
  sql`left join ${notificationChannelSettings} s
    on s.user_id = ${recipient} and s.channel_id = ${channelId}`;
const notSilenced = sql`not coalesce(s.muted, false) and coalesce(s.level, 'all') <> 'nothing'`;

/** The channel a notification speaks of, as the domain events carry it (messages/events.ts). */
/**
 * The channel's members `m` whose id passes `recipients` (a condition on it) and who let this
 * kind of item through: their preference `wants` (on by default) and, when the item can be
 * silenced, the channel's setting — the FROM … WHERE of an item for chosen members.
 */
const fromGatedMembers = (
  channelId: string,
  recipients: SQL,
  wants: 'mentions' | 'reactions' | 'channel_invites',
  { silenceable = true } = {},
): SQL => sql`from (${memberIdsSql(channelId)}) m
  left join ${notificationPreferences} p on p.user_id = m.user_id
  ${silenceable ? settingsJoin(sql`m.user_id`, channelId) : sql``}
  where m.user_id ${recipients} and coalesce(p.${sql.identifier(wants)}, true)
    ${silenceable ? sql`and ${notSilenced}` : sql``}`;

export interface ChannelContext {
  name: string;
  type: string;
}

/** "#name" for a channel; a private group is not written with '#' (its icon is a lock). */
const channelLabel = (channel: ChannelContext): string =>
  channel.type === 'group' ? channel.name : `#${channel.name}`;

/**
 * A new message: for each member but its author, at most one notification — in this order
 * of precedence a direct message, a mention, a reply in a thread they took part in, or a
 * channel message — each gated by its preference and the member's channel setting. Channel
 * messages fold into the member's one unread item for the channel: the first starts it, the
 * next find it there and write nothing (what it says is derived when read: what
 * `foldMessage` makes of it on a client); `readers`, the members with a tab in view reading
 * the channel, get no such item (their client reads the message as it comes). One statement
 * for a channel of any size — which
 * also returns the items to send on, presented, with their owners' unread count where it
 * changed (in a 1,000-member channel, looking them up again cost two more statements of
 * 1,000 ids each, docs/performance-log.md,
 * capacity, "2026-11-28, 18:30"): the new ones, and those of people with a push
 * subscription. `latest`, the last of a run of plain messages of the same author notified
 * with `message` (subscriptions.ts, notifyRun), is what their pushes say.
 */
export async function notifyMessage(
  db: Db,
  message: Message,
  channel: ChannelContext,
  readers: readonly string[] = [],
  latest: Message = message,
): Promise<Delivery[]> {
  const { channelId, userId: actorId, parentMessageId } = message;
  const actor = userDisplayName(message.user) ?? 'Quelqu’un';
  const isDirect = channel.type === 'direct';
  const label = channelLabel(channel);
  const titles: Record<
    Exclude<
      NotificationType,
      | 'reaction'
      | 'channel_invite'
      | 'friend_request'
      | 'friend_accepted'
      | 'account'
      | 'reminder'
      | 'scheduled_failed'
    >,
    string
  > = {
    direct_message: title(`Message de ${actor}`),
    mention: title(`${actor} vous a mentionné dans ${label}`),
    thread_reply: title(`${actor} a répondu dans un fil de ${label}`),
    channel_message: title(`Nouveaux messages dans ${label}`),
  };
  // One array, not one parameter per mention: the statement's text stays the same whatever
  // the message mentions, so that it is parsed and planned once (plannedOnce).
  const mentioned =
    message.mentions.length > 0 ? sql`m.user_id = any(${uuids(message.mentions)})` : sql`false`;
  const inThread = parentMessageId
    ? sql`m.user_id in (${threadParticipantsSql(parentMessageId)})`
    : sql`false`;
  const topLevel = !parentMessageId && !isDirect;
  const topLevelInChannel = topLevel ? sql`true` : sql`false`;
  // Members reading the channel as it comes (a tab in view on it: docs/notifications.md, "A
  // channel read as it comes"): their client marks it read at this message, which would
  // delete a "new messages" item made for them now — so none is made.
  const reader =
    topLevel && readers.length > 0 ? sql`m.user_id = any(${uuids(readers)})` : sql`false`;
  const columns = sql`(user_id, type, title, content, channel_id, message_id, triggered_by_user_id)`;
  const values = sql`select user_id, type,
      case type when 'direct_message' then ${titles.direct_message}
                when 'mention' then ${titles.mention}
                when 'thread_reply' then ${titles.thread_reply}
                else ${titles.channel_message} end,
      ${excerpt(message.content)}, ${channelId}::uuid, ${message.id}::uuid, ${actorId}::uuid
    from recipients`;

  // Members who may get something of this message even while holding the channel's unread
  // item: a single (direct, mention, thread reply) or, with a push subscription, its push.
  const beyondFold = sql`${isDirect} or ${mentioned} or ${inThread}
    or m.user_id in (select ps.user_id from ${pushSubscriptions} ps)`;
  const rows = await plannedOnce<Record<string, unknown>>(
    db,
    sql`
    -- The members who hold the channel's unread item, once: the next message folds into it,
    -- so their preferences and channel settings are not read unless beyondFold holds (~950
    -- lookups of each a message in a busy channel; docs/performance-log.md, capacity,
    -- "2026-11-28, 06:00"). "not in" over a hash of them; "not exists" was planned as a
    -- nested loop, 151 ms a message.
    with holders as materialized (
      select i.user_id from ${notifications} i
      where i.channel_id = ${channelId}::uuid and not i.read and i.type = 'channel_message'
    ),
    recipients as (
      select m.user_id, case
          when ${isDirect} and coalesce(p.direct_messages, true) then 'direct_message'
          -- Mentioned: a mention or nothing, never a fold (what foldsInto says on a client).
          when ${mentioned} then case when coalesce(p.mentions, true) then 'mention' end
          when ${inThread} and coalesce(p.mentions, true) then 'thread_reply'
          when ${topLevelInChannel} and not ${reader} and coalesce(p.channel_messages, true)
            and coalesce(s.level, 'all') = 'all' then 'channel_message'
        end as type
      from (${memberIdsSql(channelId)}) m
      left join ${notificationPreferences} p on p.user_id = m.user_id
      ${settingsJoin(sql`m.user_id`, channelId)}
      where m.user_id <> ${actorId}::uuid and ${notSilenced}
        and (m.user_id not in (select h.user_id from holders h) and not ${reader}
          or ${beyondFold})
    ),
    singles as (
      insert into ${notifications} ${columns}
      ${values} where type in ('direct_message', 'mention', 'thread_reply')
      returning ${written}, true as inserted
    ),
    -- A member's first message since the channel's item was read starts a new item; the
    -- next ones only fold into it, which writes nothing: what the item says is derived from
    -- the channel's messages when it is read (presenter.ts, foldJoin; docs/notifications.md).
    -- The members who already hold the channel's unread item are left out before the insert:
    -- each of them cost a conflicting insert (the row formed, the index probed, the row
    -- dropped), ~560 of 600 in a busy channel. The conflict clause stays for a race with
    -- another message's statement (docs/performance-log.md, capacity, "2026-11-28, 03:20").
    folded as (
      insert into ${notifications} ${columns}
      ${values} where type = 'channel_message'
        and user_id not in (select h.user_id from holders h)
      on conflict (user_id, channel_id) where read = false and type = 'channel_message'
      do nothing
      returning ${written}, true as inserted
    ),
    -- Web Push says each message: the items this message folded into, for the members with
    -- a push subscription, saying this message (an item another message's statement is
    -- making at this moment is not visible here: that message's push says it). A push says
    -- no count (push.ts, pushPayload): the row's own is passed on, not derived.
    -- The subscribers first, then each one's item by its key: forced (materialized, and
    -- "offset 0" keeps the lateral lookup from being flattened into a join). Left to the
    -- planner, which cannot estimate a CTE, it scanned the channel's items against every
    -- member: 945 × 999 comparisons, 0.4 s a message in a 1,000-member channel.
    subscribed as materialized (
      select r.user_id from recipients r
      where r.type = 'channel_message'
        and exists (select 1 from ${pushSubscriptions} ps where ps.user_id = r.user_id)
    ),
    pushed as (
      select n.id, n.user_id, n.type, n.title, ${excerpt(latest.content)} as content,
        n.count, n.channel_id, n.message_id, ${actorId}::uuid as triggered_by_user_id,
        n.created_at, false as inserted
      from subscribed r
      cross join lateral (select * from ${notifications} i
        where i.user_id = r.user_id and i.channel_id = ${channelId}::uuid
          and i.type = 'channel_message' and not i.read
        offset 0) n
    ),
    rows as (select * from singles union all select * from folded union all select * from pushed),
    -- The owners of the rows it added: what was unread before this statement (its own rows
    -- are not visible to it), plus that row. An item of pushed (folded into) changes no
    -- count, and goes without one: to Web Push only (deliver.ts).
    unread as (
      select n.user_id, count(*)::int as n from ${notifications} n
      where not n.read and n.user_id in (select user_id from rows where inserted)
      group by n.user_id
    )
    select r.*, ${selectPresentedRest(channelId)},
      case when r.inserted then coalesce(u.n, 0) + 1 end as unread_count
    from rows r ${actorJoin} left join unread u on u.user_id = r.user_id`,
  );
  if (topLevel) await foldEarlier(db, message);
  return [...rows].map(presentWritten);
}

/**
 * Two messages of a channel sent at once: the later one's statement can start a member's item
 * first, and the earlier one then finds it there and leaves it — its message would not be
 * counted, since an item holds its messages from its first on. The earlier one moves such
 * items' start back to itself. Reads nothing but the channel's later messages' items (an
 * index on message_id), and none exist when no later message does.
 */
async function foldEarlier(db: Db, message: Message): Promise<void> {
  // The later messages first, once (by the channel's seq, its unique index), then their
  // items by message_id alone: none to look for when no later message exists. (With the
  // item's conditions in the same join, PostgreSQL also read the whole partial index of
  // unread channel items, 40,000 entries, for each later message.)
  await db.execute(sql`
    with later as materialized (${laterMessageIdsSql(message.channelId, message.seq)}),
    items as materialized (
      select i.id, i.user_id, i.type, i.read from later
      join ${notifications} i on i.message_id = later.id
    )
    update ${notifications} n set message_id = ${message.id}::uuid
    from items
    where n.id = items.id and not n.read and items.type = 'channel_message'
      and items.user_id <> ${message.userId}::uuid
      and items.user_id <> all(${uuids(message.mentions)})`);
}

/**
 * A run of plain messages of one channel, notified together: top-level messages of one
 * author, in a channel that is not a direct conversation, mentioning no one and not urgent
 * (subscriptions.ts, `plain`). `first` starts the items; `latest` is what pushes say.
 */
export interface PlainRun {
  first: Message;
  latest: Message;
  channel: ChannelContext;
  readers: readonly string[];
}

/**
 * notifyMessage for the plain runs of many channels at once, in ONE statement (what a busy
 * node's sends of one moment share: docs/performance-log.md, "The send path against 22ec4ce,
 * 2026-12-05"): the same items, folds and pushes as notifyMessage makes for each run's first
 * message, its pushes saying the run's latest, and foldEarlier's move in the same statement:
 * the items of a channel's later messages it can see move back to the run's first, and an
 * item another statement made after this one's snapshot (the insert meets it as a conflict)
 * moves back too when it starts later (docs/notifications.md, « Many messages at once »).
 */
export async function notifyPlainRuns(db: Db, runs: readonly PlainRun[]): Promise<Delivery[]> {
  if (runs.length === 0) return [];
  const input = runs.map(({ first, latest, channel, readers }) => ({
    channel_id: first.channelId,
    message_id: first.id,
    seq: first.seq,
    actor_id: first.userId,
    title: title(`Nouveaux messages dans ${channelLabel(channel)}`),
    content: excerpt(first.content),
    latest: excerpt(latest.content),
    readers: [...readers],
  }));
  const rows = await plainRunsStatement<Record<string, unknown>>(db, [JSON.stringify(input)]);
  return [...rows].map(presentWritten);
}

/** The statement of notifyPlainRuns, its text built once: its one parameter is the input. */
const plainRunsStatement = fixedStatement(
  () => sql`
    with input as (
      select * from jsonb_to_recordset($1::jsonb) as t(
        channel_id uuid, message_id uuid, seq bigint, actor_id uuid, title text, content text,
        latest text, readers uuid[])
    ),
    -- The members who hold each channel's unread item (notifyMessage's holders, per channel).
    holders as materialized (
      select i.channel_id, i.user_id from input c
      join ${notifications} i on i.channel_id = c.channel_id
      where not i.read and i.type = 'channel_message'
    ),
    recipients as (
      select c.channel_id, m.user_id, h.user_id is not null as holds, case
          when not (m.user_id = any(c.readers)) and coalesce(p.channel_messages, true)
            and coalesce(s.level, 'all') = 'all' then 'channel_message'
        end as type
      -- Each channel's members by its index, whatever the plan cached for this statement saw
      -- ("offset 0": as a join, a plan made while the table was small scanned it whole).
      from input c
      cross join lateral (${memberIdsOfSql(sql`c.channel_id`)} offset 0) m
      left join holders h on h.channel_id = c.channel_id and h.user_id = m.user_id
      left join ${notificationPreferences} p on p.user_id = m.user_id
      left join ${notificationChannelSettings} s
        on s.user_id = m.user_id and s.channel_id = c.channel_id
      where m.user_id <> c.actor_id and ${notSilenced}
        and (h.user_id is null and not (m.user_id = any(c.readers))
          or m.user_id in (select ps.user_id from ${pushSubscriptions} ps))
    ),
    -- An item made meanwhile by another statement (the conflict) starts at the earlier of its
    -- message and this run's first: "xmax = 0" tells a row inserted here from one moved.
    folded as (
      insert into ${notifications} as n
        (user_id, type, title, content, channel_id, message_id, triggered_by_user_id)
      select r.user_id, 'channel_message', c.title, c.content, c.channel_id, c.message_id,
        c.actor_id
      from recipients r join input c on c.channel_id = r.channel_id
      where r.type = 'channel_message' and not r.holds
      on conflict (user_id, channel_id) where read = false and type = 'channel_message'
      do update set message_id = excluded.message_id
        where ${messageSeqOfSql(sql`n.message_id`)} > ${messageSeqOfSql(sql`excluded.message_id`)}
      returning ${written}, n.xmax = 0 as inserted
    ),
    -- foldEarlier: the items of each channel's later messages, as this snapshot shows them, by
    -- the (channel, seq) index ("offset 0" keeps the look-up from being flattened into a join,
    -- which scanned every message) and then by message_id.
    later as materialized (
      select c.message_id as first_id, c.actor_id, f.id from input c
      cross join lateral (${laterMessageIdsOfSql(sql`c.channel_id`, sql`c.seq`)} offset 0) f
    ),
    moved as (
      update ${notifications} i set message_id = later.first_id
      from later
      where i.message_id = later.id and not i.read and i.type = 'channel_message'
        and i.user_id <> later.actor_id
    ),
    subscribed as materialized (
      select r.channel_id, r.user_id from recipients r
      where r.type = 'channel_message'
        and exists (select 1 from ${pushSubscriptions} ps where ps.user_id = r.user_id)
    ),
    pushed as (
      select n.id, n.user_id, n.type, n.title, c.latest as content, n.count, n.channel_id,
        n.message_id, c.actor_id as triggered_by_user_id, n.created_at, false as inserted
      from subscribed r join input c on c.channel_id = r.channel_id
      cross join lateral (select * from ${notifications} i
        where i.user_id = r.user_id and i.channel_id = r.channel_id
          and i.type = 'channel_message' and not i.read
        offset 0) n
    ),
    rows as (
      select * from folded where inserted union all select * from pushed
    ),
    -- An owner may get items of several channels here: what was unread before, plus them all.
    added as (select user_id, count(*)::int as n from folded where inserted group by user_id),
    unread as (
      select n.user_id, count(*)::int as n from ${notifications} n
      where not n.read and n.user_id in (select user_id from added)
      group by n.user_id
    )
    select r.*, ${selectPresentedRestOf(sql`r.channel_id`)},
      case when r.inserted then coalesce(u.n, 0) + ad.n end as unread_count
    from rows r ${actorJoin}
    left join added ad on ad.user_id = r.user_id
    left join unread u on u.user_id = r.user_id`,
);

/** A reaction added to someone else's message notifies its author, if still a member. */
export async function notifyReaction(
  db: Db,
  event: {
    channelId: string;
    messageId: string;
    authorId: string;
    userId: string;
    emoji: string;
    content: string;
  },
  channel: ChannelContext,
  actorName: string | null,
): Promise<Delivery[]> {
  if (event.authorId === event.userId) return [];
  const actor = actorName ?? 'Quelqu’un';
  const text = title(
    `${actor} a réagi ${event.emoji} à votre message dans ${channelLabel(channel)}`,
  );
  // Written and presented with its owner's unread count in one statement, as notifyMessage
  // does: looking it up again and counting were two more statements a reaction.
  const rows = await db.execute(sql`
    with rows as (
      insert into ${notifications}
        (user_id, type, title, content, channel_id, message_id, triggered_by_user_id)
      select m.user_id, 'reaction', ${text}, ${excerpt(event.content)}, ${event.channelId}::uuid,
        ${event.messageId}::uuid, ${event.userId}::uuid
      ${fromGatedMembers(event.channelId, sql`= ${event.authorId}::uuid`, 'reactions')}
      returning ${written}
    )
    -- What was unread before this statement (its own row is not visible to it), plus it.
    select r.*, ${selectPresentedRest(event.channelId)},
      (select count(*)::int from ${notifications} u
        where u.user_id = r.user_id and not u.read) + 1 as unread_count
    from rows r ${actorJoin}`);
  return [...rows].map(presentWritten);
}

/**
 * A friend request reached `userId`, or the one they sent was accepted (docs/friends.md):
 * a system notice, gated by the system notifications preference, with no channel.
 */
export async function notifyFriend(
  db: Db,
  event: { userId: string; by: string; type: 'friend_request' | 'friend_accepted' },
  actorName: string | null,
): Promise<string[]> {
  const actor = actorName ?? 'Quelqu’un';
  const text = title(
    event.type === 'friend_request'
      ? `${actor} vous a envoyé une demande d’ami`
      : `${actor} a accepté votre demande d’ami`,
  );
  const rows = await db.execute(sql`
    insert into ${notifications} (user_id, type, title, triggered_by_user_id)
    select ${event.userId}::uuid, ${event.type}, ${text}, ${event.by}::uuid
    where coalesce(
      (select system_notifications from ${notificationPreferences} where user_id = ${event.userId}::uuid),
      true)
    returning id`);
  return ids(rows);
}

/**
 * A notice about `userId`'s own account (docs/privacy.md: an export ready, a deletion
 * cancelled): always made, whatever the preferences, with no channel and no actor.
 */
export async function notifyAccount(db: Db, userId: string, text: string): Promise<string[]> {
  const rows = await db.execute(sql`
    insert into ${notifications} (user_id, type, title)
    values (${userId}::uuid, 'account', ${title(text)})
    returning id`);
  return ids(rows);
}

/**
 * One's own reminder, due, or a scheduled message that could not go (docs/product.md, "Rappels
 * et envois programmés"): always made — one asked for it — inside the transaction that marks it
 * delivered. A reminder about a message links it only while its owner may still read it.
 */
export async function notifyPersonal(
  tx: Tx,
  notice: {
    kind: 'reminder' | 'scheduled_failed';
    userId: string;
    channelId: string | null;
    messageId: string | null;
    title: string;
    content: string | null;
  },
): Promise<string[]> {
  const channelId = notice.channelId;
  const readable = channelId ? isMemberSql(sql`${channelId}::uuid`, notice.userId) : sql`false`;
  const rows = await tx.execute(sql`
    insert into ${notifications} (user_id, type, title, content, channel_id, message_id)
    select ${notice.userId}::uuid, ${notice.kind}, ${title(notice.title)},
      ${notice.content === null ? null : excerpt(notice.content)},
      case when ${readable} then ${channelId}::uuid end,
      case when ${readable} then ${notice.messageId}::uuid end
    returning id`);
  return ids(rows);
}

/** Someone else made `userId` a member: they hear of it, if still a member. */
export async function notifyAdded(
  db: Db,
  event: { channelId: string; userId: string; by: string },
  channel: ChannelContext,
  actorName: string | null,
): Promise<string[]> {
  const actor = actorName ?? 'Quelqu’un';
  const text = title(
    channel.type === 'direct'
      ? `${actor} a démarré une conversation avec vous`
      : `${actor} vous a ajouté à #${channel.name}`,
  );
  const rows = await db.execute(sql`
    insert into ${notifications} (user_id, type, title, channel_id, triggered_by_user_id)
    select m.user_id, 'channel_invite', ${text}, ${event.channelId}::uuid, ${event.by}::uuid
    ${fromGatedMembers(event.channelId, sql`= ${event.userId}::uuid`, 'channel_invites', { silenceable: false })}
    returning id`);
  return ids(rows);
}

/**
 * An edit made the message mention members it did not mention before (Slack notifies them):
 * each gets a `mention`, gated as a new message's, unless this message already notified
 * them as a mention, a direct message or a reply — so editing again never notifies twice.
 */
export async function notifyEditMentions(
  db: Db,
  message: Message,
  newlyMentioned: string[],
  channel: ChannelContext,
): Promise<string[]> {
  if (newlyMentioned.length === 0 || channel.type === 'direct') return [];
  const actor = userDisplayName(message.user) ?? 'Quelqu’un';
  const text = title(`${actor} vous a mentionné dans #${channel.name}`);
  const rows = await db.execute(sql`
    insert into ${notifications}
      (user_id, type, title, content, channel_id, message_id, triggered_by_user_id)
    select m.user_id, 'mention', ${text}, ${excerpt(message.content)}, ${message.channelId}::uuid,
      ${message.id}::uuid, ${message.userId}::uuid
    ${fromGatedMembers(message.channelId, sql`= any(${uuids(newlyMentioned)})`, 'mentions')}
      and m.user_id <> ${message.userId}::uuid
      and not exists (select 1 from ${notifications} n
        where n.user_id = m.user_id and n.message_id = ${message.id}::uuid
          and n.type in ('mention', 'direct_message', 'thread_reply'))
    returning id`);
  return ids(rows);
}
