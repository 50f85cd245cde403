import type postgres from 'postgres';

/**
 * Pieces of raw SQL for the one statement that stores a message
 * (features/messages/send-statements.ts): it must check membership in the same round trip,
 * so the channels feature lends the probe of its table instead of the send path reading
 * channel_members itself. Fixed texts, so the statement stays one prepared plan.
 */

/**
 * `userId` belongs to `channelId` and may write there: the channel is not archived (a probe
 * of the unique (channel_id, user_id) index, then of the channel's primary key).
 */
export const memberProbe = (sql: postgres.Sql, channelId: string, userId: string) =>
  sql`select 1 from channel_members cm
                    where cm.channel_id = ${channelId}::uuid and cm.user_id = ${userId}::uuid
                      and not exists (select 1 from channels ac
                        where ac.id = cm.channel_id and ac.archived_at is not null)`;

/** The same probe per row of a batch: `i` is the input row (channel_id, user_id). */
export const MEMBER_PROBE_OF_INPUT = `select true from channel_members cm
        where cm.channel_id = i.channel_id and cm.user_id = i.user_id
          and not exists (select 1 from channels ac
            where ac.id = cm.channel_id and ac.archived_at is not null)
        limit 1`;
