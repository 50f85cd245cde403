import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Notification, NotificationType } from '#shared/notifications';
import { userDisplayName } from '#shared/users';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { channelNameSql, channelTypeSql } from '../channels/queries';
import { notifications } from './schema';

/** The columns a presented notification reads: the row, its channel's name, its actor. */
const presentedColumns = {
  row: notifications,
  channelName: channelNameSql(notifications.channelId),
  channelType: channelTypeSql(notifications.channelId),
  actorDisplayName: users.displayName,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  actorEmail: users.email,
  actorImage: users.profileImageUrl,
};

/** A select of presented notifications, narrowed by the caller (`where`, order, limit). */
export const selectPresented = (db: Db, where: SQL | undefined) =>
  db
    .select(presentedColumns)
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.triggeredByUserId))
    .where(where);

type PresentedRow = Awaited<ReturnType<typeof selectPresented>>[number];

export function presentNotification(r: PresentedRow): Notification {
  const { row } = r;
  return {
    id: row.id,
    type: row.type as NotificationType,
    title: row.title,
    content: row.content,
    read: row.read,
    count: row.count,
    channelId: row.channelId,
    channelName: r.channelName ?? null,
    channelType: r.channelType ?? null,
    messageId: row.messageId,
    triggeredBy: row.triggeredByUserId
      ? {
          id: row.triggeredByUserId,
          name: userDisplayName({
            displayName: r.actorDisplayName,
            firstName: r.actorFirstName,
            lastName: r.actorLastName,
            email: r.actorEmail,
          }),
          profileImageUrl: r.actorImage ?? null,
        }
      : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The presented notifications of these ids (after an insert) with their owners, unordered. */
export async function findPresented(
  db: Db,
  ids: string[],
): Promise<Array<{ userId: string; notification: Notification }>> {
  if (ids.length === 0) return [];
  const rows = await selectPresented(db, inArray(notifications.id, ids));
  return rows.map((r) => ({ userId: r.row.userId, notification: presentNotification(r) }));
}

/** The columns a statement that writes notifications returns (`returning ${written}`). */
export const written = sql.raw(
  'id, user_id, type, title, content, count, channel_id, message_id, triggered_by_user_id, created_at',
);

/**
 * The rest of a presented notification for the rows `r` of a statement that wrote them in one
 * channel: the channel (uncorrelated, read once) and each row's actor, joined as
 * selectPresented joins it. `selectPresentedRest` goes in the select list, `actorJoin` after
 * `from … r`.
 */
export const selectPresentedRest = (channelId: string) => sql`
  ${channelNameSql(sql`${channelId}::uuid`)} as channel_name,
  ${channelTypeSql(sql`${channelId}::uuid`)} as channel_type,
  a.display_name as actor_display_name, a.first_name as actor_first_name,
  a.last_name as actor_last_name, a.email as actor_email, a.profile_image_url as actor_image`;
export const actorJoin = sql`left join ${users} a on a.id = r.triggered_by_user_id`;

/** A row of `written` and `selectPresentedRest`, with `unread_count` (null: unchanged): ready to deliver. */
export function presentWritten(r: Record<string, unknown>): {
  userId: string;
  notification: Notification;
  unreadCount?: number;
} {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const userId = String(r.user_id);
  return {
    userId,
    ...(r.unread_count === null ? {} : { unreadCount: Number(r.unread_count) }),
    notification: presentNotification({
      row: {
        id: String(r.id),
        userId,
        type: String(r.type),
        title: String(r.title),
        content: text(r.content),
        read: false,
        channelId: text(r.channel_id),
        messageId: text(r.message_id),
        triggeredByUserId: text(r.triggered_by_user_id),
        count: Number(r.count),
        createdAt: new Date(r.created_at as string | Date),
      },
      channelName: text(r.channel_name) as string,
      channelType: text(r.channel_type) as string,
      actorDisplayName: text(r.actor_display_name),
      actorFirstName: text(r.actor_first_name),
      actorLastName: text(r.actor_last_name),
      actorEmail: text(r.actor_email) as string,
      actorImage: text(r.actor_image),
    }),
  };
}
