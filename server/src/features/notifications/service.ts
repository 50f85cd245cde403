import { and, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import {
  type ChannelNotificationLevel,
  type ChannelNotificationSettings,
  NOTIFICATION_NOT_FOUND,
  NOTIFICATION_PAGE_SIZE,
  type Notification,
  type NotificationPage,
  type NotificationPreferences,
  type NotificationType,
} from '#shared/notifications';
import type { Db } from '../../db/client';
import { plannedEachTime } from '../../db/planned';
import { uuids } from '../../db/values';
import { notFound } from '../../lib/errors';
import { requireMember } from '../channels/access';
import { type Deps, publish } from '../deps';
import { foldedColumns, foldJoin, selectPresented } from './presenter';
import { notificationChannelSettings, notificationPreferences, notifications } from './schema';

const mine = (userId: string) => eq(notifications.userId, userId);

/** The caller's notifications, newest first, a page at a time. */
export async function listNotifications(
  db: Db,
  userId: string,
  options: { before?: string; unread?: boolean },
): Promise<NotificationPage> {
  // The cursor is the last item's id: the next page is what sorts after that row, compared
  // in the store (timestamps keep microseconds that a JSON date would lose).
  const cursor = options.before && /^[0-9a-f-]{36}$/i.test(options.before) ? options.before : null;
  const rows = await selectPresented(
    db,
    sql`n.user_id = ${userId}::uuid ${options.unread ? sql`and not n.read` : sql``} ${
      cursor
        ? sql`and (n.created_at, n.id) < (select c.created_at, c.id
            from ${notifications} c where c.id = ${cursor}::uuid and c.user_id = ${userId}::uuid)`
        : sql``
    }`,
    sql`order by n.created_at desc, n.id desc limit ${NOTIFICATION_PAGE_SIZE + 1}`,
  );
  const page = rows.slice(0, NOTIFICATION_PAGE_SIZE).map((r) => r.notification);
  const last = page.at(-1);
  return {
    notifications: page,
    nextCursor: rows.length > NOTIFICATION_PAGE_SIZE && last ? last.id : null,
  };
}

/**
 * The caller's unread notifications of one type, newest first, at most `limit`, and how many
 * there are in all (« Ma journée »: unread mentions, unread direct messages).
 */
export async function listUnreadOfType(
  db: Db,
  userId: string,
  type: NotificationType,
  limit: number,
): Promise<{ notifications: Notification[]; total: number }> {
  const where = sql`n.user_id = ${userId}::uuid and not n.read and n.type = ${type}`;
  const [rows, [counted]] = await Promise.all([
    selectPresented(db, where, sql`order by n.created_at desc, n.id desc limit ${limit}`),
    db
      .select({ n: count() })
      .from(notifications)
      .where(and(mine(userId), eq(notifications.read, false), eq(notifications.type, type))),
  ]);
  return { notifications: rows.map((r) => r.notification), total: counted?.n ?? 0 };
}

export async function countUnread(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(mine(userId), eq(notifications.read, false)));
  return row?.n ?? 0;
}

/** Unread counts of several users at once (after one statement notified them all). */
export async function countUnreadOf(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: notifications.userId, n: count() })
    .from(notifications)
    .where(
      and(
        sql`${notifications.userId} in (${sql.join(
          userIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
        eq(notifications.read, false),
      ),
    )
    .groupBy(notifications.userId);
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/**
 * Mark read the notifications `o` that `where` selects. An unread "new messages" item says
 * what its channel's messages make of it until then (presenter.ts, `foldJoin`): reading it
 * writes that into the row, which says it from then on (docs/notifications.md).
 */
async function markReadWhere(db: Db, where: SQL): Promise<number> {
  const folded = foldedColumns('o');
  const rows = await db.execute(sql`
    update ${notifications} n set read = true, count = ${folded.count},
      content = ${folded.content}, triggered_by_user_id = ${folded.triggeredBy}
    from ${notifications} o ${foldJoin('o')}
    where o.id = n.id and ${where}
    returning n.id`);
  return [...rows].length;
}

/** Mark one of the caller's notifications read; someone else's answers 404. */
export async function markRead(deps: Deps, userId: string, id: string): Promise<void> {
  const marked = await markReadWhere(
    deps.db,
    sql`o.id = ${id}::uuid and o.user_id = ${userId}::uuid`,
  );
  if (marked === 0) throw notFound(NOTIFICATION_NOT_FOUND);
  const unreadCount = await countUnread(deps.db, userId);
  await publish(deps, 'notification_read', () =>
    deps.realtime.toUsers([userId], { type: 'notification_read', notificationId: id, unreadCount }),
  );
}

export async function markAllRead(deps: Deps, userId: string): Promise<void> {
  await markReadWhere(deps.db, sql`o.user_id = ${userId}::uuid and not o.read`);
  await publish(deps, 'notifications_read_all', () =>
    deps.realtime.toUsers([userId], { type: 'notifications_read_all', unreadCount: 0 }),
  );
}

const preferenceColumns = {
  mentions: notificationPreferences.mentions,
  directMessages: notificationPreferences.directMessages,
  channelMessages: notificationPreferences.channelMessages,
  reactions: notificationPreferences.reactions,
  channelInvites: notificationPreferences.channelInvites,
  systemNotifications: notificationPreferences.systemNotifications,
};

const DEFAULT_PREFERENCES: NotificationPreferences = {
  mentions: true,
  directMessages: true,
  channelMessages: true,
  reactions: true,
  channelInvites: true,
  systemNotifications: true,
};

export async function getPreferences(db: Db, userId: string): Promise<NotificationPreferences> {
  const [row] = await db
    .select(preferenceColumns)
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  return row ?? DEFAULT_PREFERENCES;
}

export async function updatePreferences(
  db: Db,
  userId: string,
  input: NotificationPreferences,
): Promise<NotificationPreferences> {
  const [row] = await db
    .insert(notificationPreferences)
    .values({ userId, ...input })
    .onConflictDoUpdate({
      target: notificationPreferences.userId,
      set: { ...input, updatedAt: new Date() },
    })
    .returning(preferenceColumns);
  return row ?? input;
}

export async function getChannelSettings(
  db: Db,
  userId: string,
  channelId: string,
): Promise<ChannelNotificationSettings> {
  await requireMember(db, channelId, userId);
  const [row] = await db
    .select({ level: notificationChannelSettings.level, muted: notificationChannelSettings.muted })
    .from(notificationChannelSettings)
    .where(
      and(
        eq(notificationChannelSettings.userId, userId),
        eq(notificationChannelSettings.channelId, channelId),
      ),
    );
  return {
    channelId,
    level: (row?.level as ChannelNotificationLevel | undefined) ?? 'all',
    muted: row?.muted ?? false,
  };
}

export async function setChannelSettings(
  db: Db,
  userId: string,
  channelId: string,
  input: { level: ChannelNotificationLevel; muted: boolean },
): Promise<ChannelNotificationSettings> {
  await requireMember(db, channelId, userId);
  await db
    .insert(notificationChannelSettings)
    .values({ userId, channelId, ...input })
    .onConflictDoUpdate({
      target: [notificationChannelSettings.userId, notificationChannelSettings.channelId],
      set: { ...input, updatedAt: new Date() },
    });
  return { channelId, ...input };
}

/** A member who left or was removed keeps no notification of the channel. */
export async function forgetChannel(db: Db, userId: string, channelId: string): Promise<void> {
  await db.delete(notifications).where(and(mine(userId), eq(notifications.channelId, channelId)));
}

/** A user read a channel (the `channelRead` event). */
export interface ChannelRead {
  channelId: string;
  userId: string;
}

/**
 * These users read these channels: their unread notifications of them are read too, on every
 * socket of each (one notification_read per item, carrying its owner's final count); their
 * folded channel-message items are deleted. One statement for all of them: the readers of a
 * busy channel mark it read at each message, together, and so do readers of different
 * channels at the same moment (docs/performance-log.md, capacity, 2026-11-27, 04:31 and
 * "2026-11-28, 03:20").
 */
export async function markChannelNotificationsRead(
  deps: Pick<Deps, 'db' | 'realtime' | 'log'>,
  reads: readonly ChannelRead[],
): Promise<void> {
  if (reads.length === 0) return;
  // Two array parameters: the same statement text for any number of reads. The ids are
  // users' own, from their sessions.
  // Each reader's unread items of the channel are looked up by the pair, first ("offset 0"
  // keeps the lookup from being flattened: as a join of the pairs with the table, PostgreSQL
  // scanned it, 14.7 ms a call), then dropped or marked by id.
  // A folded "new messages" item only summarises what was unread: once read it has nothing
  // left to say, and is dropped (a channel read live would otherwise fill the list). Each
  // owner's count after it comes in the same statement: what was unread before it (its own
  // changes are not visible to it), less what it read of theirs — one round trip, not two.
  // Sent unnamed, so planned for its reads each time: a generic plan of it, made while the
  // table was small, scanned it (18 ms a call against 1; docs/performance-log.md, capacity,
  // "2026-11-28, 09:00").
  const result = await plannedEachTime<{ id: string; user_id: string; unread_count: number }>(
    deps.db,
    sql`
    with found as materialized (
      select i.id, i.type
      from unnest(${uuids(reads.map((r) => r.channelId))}, ${uuids(reads.map((r) => r.userId))})
        as r(channel_id, user_id)
      cross join lateral (select n.id, n.type from ${notifications} n
        where n.user_id = r.user_id and n.channel_id = r.channel_id and not n.read
        offset 0) i
    ), dropped as (
      delete from ${notifications}
      where ${notifications.id} = any(array(select id from found where type = 'channel_message'))
      returning ${notifications.id}, ${notifications.userId}
    ), marked as (
      update ${notifications} set read = true
      where ${notifications.id} = any(array(select id from found where type <> 'channel_message'))
      returning ${notifications.id}, ${notifications.userId}
    ), changed as (select id, user_id from dropped union all select id, user_id from marked),
    owners as (
      select o.user_id, (select count(*) from ${notifications} u
          where u.user_id = o.user_id and not u.read)::int - o.n as unread_count
      from (select user_id, count(*)::int as n from changed group by user_id) o
    )
    select c.id, c.user_id, o.unread_count from changed c join owners o using (user_id)`,
  );
  await publish(
    deps,
    'notification_read',
    ...[...result].map(
      (row) => () =>
        deps.realtime.toUsers([String(row.user_id)], {
          type: 'notification_read',
          notificationId: String(row.id),
          unreadCount: Number(row.unread_count),
        }),
    ),
  );
}

/**
 * Messages were deleted: the notifications about them go too, and every socket of their
 * owners, on every node, drops them (with the owner's unread count after it).
 */
export async function forgetMessages(
  deps: Pick<Deps, 'db' | 'realtime' | 'log'>,
  messageIds: string[],
): Promise<void> {
  if (messageIds.length === 0) return;
  const gone = await deps.db
    .delete(notifications)
    .where(inArray(notifications.messageId, messageIds))
    .returning({ id: notifications.id, userId: notifications.userId });
  if (gone.length === 0) return;
  const byUser = new Map<string, string[]>();
  for (const { id, userId } of gone) byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
  const counts = await countUnreadOf(deps.db, [...byUser.keys()]);
  await publish(
    deps,
    'notifications_deleted',
    ...[...byUser].map(
      ([userId, notificationIds]) =>
        () =>
          deps.realtime.toUsers([userId], {
            type: 'notifications_deleted',
            notificationIds,
            unreadCount: counts.get(userId) ?? 0,
          }),
    ),
  );
}
