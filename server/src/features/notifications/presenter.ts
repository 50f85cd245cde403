import { type SQL, sql } from 'drizzle-orm';
import { NOTIFICATION_EXCERPT_MAX } from '#shared/limits';
import type { Notification, NotificationType } from '#shared/notifications';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { channelNameSql, channelTypeSql } from '../channels/queries';
import { foldedMessagesJoin } from '../messages/queries';
import { notifications } from './schema';

/** The actor `a` of a presented notification (joined by the statement), as presentWritten reads it. */
const actorColumns =
  sql.raw(`a.display_name as actor_display_name, a.first_name as actor_first_name,
  a.last_name as actor_last_name, a.email as actor_email, a.profile_image_url as actor_image`);

/**
 * What an unread "new messages" item `n` stands for now, derived from the channel's messages
 * rather than written at each one (docs/notifications.md, "Channel messages fold"): its
 * messages from the first (`n.message_id`, by the channel's seq) on that fold into it for its
 * owner — top-level, someone else's, not mentioning them (`foldsInto`) — their number (`fc.count`)
 * and the latest of them (`lm`). Empty for any other row. `n` is the alias of the
 * notifications row; the fragment goes after `from … n`.
 */
export const foldJoin = (n: string) => {
  const row = sql.raw(n);
  return foldedMessagesJoin(
    sql`${row}.channel_id`,
    sql`${row}.message_id`,
    sql`${row}.user_id`,
    sql`${row}.type = 'channel_message' and not ${row}.read`,
  );
};

/** The folded count, excerpt and actor of `n` under `foldJoin(n)`: the row's own otherwise. */
export const foldedColumns = (n: string) => {
  const row = sql.raw(n);
  return {
    count: sql`coalesce(nullif(fc.count, 0), ${row}.count)`,
    content: sql`coalesce(left(lm.content, ${NOTIFICATION_EXCERPT_MAX}), ${row}.content)`,
    triggeredBy: sql`coalesce(lm.user_id, ${row}.triggered_by_user_id)`,
  };
};

/**
 * Presented notifications `n` narrowed by `where` (then `tail`: order, limit): the row with
 * its fold, its channel's name and type, its actor — one statement.
 */
export async function selectPresented(
  db: Db,
  where: SQL,
  tail: SQL = sql``,
): Promise<ReturnType<typeof presentWritten>[]> {
  const folded = foldedColumns('n');
  const rows = await db.execute(sql`
    select n.id, n.user_id, n.type, n.title, n.read, n.channel_id, n.message_id, n.created_at,
      ${folded.count} as count, ${folded.content} as content,
      ${folded.triggeredBy} as triggered_by_user_id,
      ${channelNameSql(sql`n.channel_id`)} as channel_name,
      ${channelTypeSql(sql`n.channel_id`)} as channel_type, ${actorColumns}
    from ${notifications} n
    ${foldJoin('n')}
    left join ${users} a on a.id = ${folded.triggeredBy}
    where ${where} ${tail}`);
  return [...rows].map(presentWritten);
}

/** The presented notifications of these ids (after an insert) with their owners, unordered. */
export async function findPresented(
  db: Db,
  ids: string[],
): Promise<Array<{ userId: string; notification: Notification }>> {
  if (ids.length === 0) return [];
  return selectPresented(db, sql`n.id = any(${uuids(ids)})`);
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
export const selectPresentedRest = (channelId: string) =>
  selectPresentedRestOf(sql`${channelId}::uuid`);
/** selectPresentedRest for rows of several channels: `channel` is their channel's column. */
export const selectPresentedRestOf = (channel: SQL) => sql`
  ${channelNameSql(channel)} as channel_name,
  ${channelTypeSql(channel)} as channel_type, ${actorColumns}`;
export const actorJoin = sql`left join ${users} a on a.id = r.triggered_by_user_id`;

/**
 * A row of `written` (or selectPresented's) and `selectPresentedRest`, with `unread_count`
 * (null or absent: unchanged), presented: ready to deliver. Unread unless it says `read`.
 */
export function presentWritten(r: Record<string, unknown>): {
  userId: string;
  notification: Notification;
  unreadCount?: number;
} {
  const text = (value: unknown) => (value === null || value === undefined ? null : String(value));
  const content = text(r.content);
  return {
    userId: String(r.user_id),
    ...(r.unread_count === null || r.unread_count === undefined
      ? {}
      : { unreadCount: Number(r.unread_count) }),
    notification: {
      id: String(r.id),
      type: String(r.type) as NotificationType,
      title: String(r.title),
      // The store cuts a derived excerpt by characters; a client by UTF-16 units
      // (`foldMessage`): cut again here, so both say the same.
      content: content === null ? null : content.slice(0, NOTIFICATION_EXCERPT_MAX),
      read: r.read === true,
      count: Number(r.count),
      channelId: text(r.channel_id),
      channelName: text(r.channel_name),
      channelType: text(r.channel_type),
      messageId: text(r.message_id),
      triggeredBy: r.triggered_by_user_id
        ? {
            id: String(r.triggered_by_user_id),
            name: userDisplayName({
              displayName: text(r.actor_display_name),
              firstName: text(r.actor_first_name),
              lastName: text(r.actor_last_name),
              email: String(r.actor_email),
            }),
            profileImageUrl: text(r.actor_image),
          }
        : null,
      createdAt: new Date(r.created_at as string | Date).toISOString(),
    },
  };
}
