import { type SQL, sql } from 'drizzle-orm';
import type { Notification } from '#shared/notifications';
import type { Db } from '../../db/client';
import { selectPresented } from './presenter';
import { notificationChannelSettings, notifications } from './schema';

/**
 * What someone away has not seen, for the e-mail of what they missed (features/digest,
 * docs/product.md « E-mail récapitulatif »): their unread mentions and direct messages, outside
 * the channels they muted since. Read on any device means read here: the row's `read`.
 */
const UNSEEN_TYPES = sql`('mention', 'direct_message')`;

const unseenWhere = (n: string) => {
  const row = sql.raw(n);
  return sql`not ${row}.read and ${row}.type in ${UNSEEN_TYPES}
    and not exists (select 1 from ${notificationChannelSettings} s
      where s.user_id = ${row}.user_id and s.channel_id = ${row}.channel_id and s.muted)`;
};

/**
 * Each person's oldest unseen item created after `after(user)` (a condition's bound, a column
 * of the caller's statement over `user_id`), as `(user_id, oldest)` rows: a subquery for the
 * digest's look for whom to mail, one statement across both features.
 */
export const oldestUnseenSql = (createdAfter: (userId: SQL) => SQL): SQL => sql`
  select n.user_id, min(n.created_at) as oldest from ${notifications} n
  where ${unseenWhere('n')} and n.created_at > ${createdAfter(sql`n.user_id`)}
  group by n.user_id`;

/**
 * One person's unseen items created in (`after`, `upTo`], oldest first, presented (sender,
 * channel, excerpt), at most `limit`; how many there are in all, and the newest one's time
 * as the store's text (microseconds kept: the next look starts after it exactly). Read at
 * send time, so what was read meanwhile, anywhere, is left out.
 */
export async function findUnseen(
  db: Db,
  userId: string,
  range: { after: string; upTo: Date; limit: number },
): Promise<{ items: Notification[]; total: number; newest: string | null }> {
  const where = sql`n.user_id = ${userId}::uuid and ${unseenWhere('n')}
    and n.created_at > ${range.after}::timestamptz
    and n.created_at <= ${range.upTo.toISOString()}::timestamptz`;
  const rows = await selectPresented(
    db,
    where,
    sql`order by n.created_at, n.id limit ${range.limit}`,
  );
  const counted = await db.execute(
    sql`select count(*)::int as total, max(n.created_at)::text as newest
      from ${notifications} n where ${where}`,
  );
  const [row] = [...counted];
  const newest = row?.newest ? String(row.newest) : null;
  return { items: rows.map((r) => r.notification), total: Number(row?.total ?? 0), newest };
}
