import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { messages } from './schema';

/**
 * When each of these channels last had a message (the administration console's « dernière
 * activité »): per channel, its newest seq read backwards on messages_channel_seq_key, one
 * index probe each. Channels where nothing was ever said are left out.
 */
export async function findLastMessageTimes(
  db: Db,
  channelIds: readonly string[],
): Promise<Map<string, Date>> {
  if (channelIds.length === 0) return new Map();
  const rows = await db.execute<{ id: string; at: string | Date | null }>(sql`
    select c.id, (select m.created_at from ${messages} m where m.channel_id = c.id
      order by m.seq desc limit 1) as at
    from unnest(${uuids(channelIds)}) c(id)`);
  const times = new Map<string, Date>();
  for (const row of rows) {
    if (row.at !== null) times.set(row.id, new Date(row.at));
  }
  return times;
}
