import { eq, inArray, type SQL } from 'drizzle-orm';
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
