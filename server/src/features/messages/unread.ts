import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { messages } from './schema';

/**
 * The number of messages after a read marker, not counting the reader's own nor thread
 * replies (they count in their thread, as in Slack), stopping at
 * `limit`: a column expression for the sidebar's one query (features/channels/queries.ts),
 * a bounded correlated count on (channel_id, seq) so the badge costs little past its cap.
 */
export const unreadCountSql = (
  channelId: AnyColumn,
  lastReadSeq: AnyColumn,
  readerId: string,
  limit: number,
): SQL<number> => sql<number>`(
    select count(*)::int from (
      select 1 from ${messages} x
      where x.channel_id = ${channelId} and x.seq > ${lastReadSeq}
        and x.user_id <> ${readerId} and x.parent_message_id is null
      limit ${sql.raw(String(limit))}
    ) unread)`;
