import DataLoader from 'dataloader';
import { sql } from 'drizzle-orm';
import type { ChannelRead } from '#shared/channels';
import type { Db } from '../../db/client';
import { storeCalls } from '../../db/store-gate';
import { isUuid } from '../../lib/ids';
import { channelMembers, channels } from './schema';

/** How long a mark waits for others to be written with it (docs/performance-log.md, capacity, 2026-11-27, 01:14). */
export const READ_MARK_BATCH_MS = 100;

interface ReadKey {
  userId: string;
  channelId: string;
}

/**
 * Marks read, written together. A viewer of a busy channel marks it read at each new message
 * (at most every 2 s, as the web client does), which made it the store's most frequent
 * statement: 28,119 of about 75,000 at 3,000 active users (docs/performance-log.md, capacity,
 * 2026-11-27, 01:14). The marks made within READ_MARK_BATCH_MS go to the store as one statement; each
 * caller gets its own channel's read (null: not a member). The statement runs outside the
 * first caller's request, so that one request's wait budget cannot fail everyone's mark
 * (db/store-gate.ts).
 */
export class ReadMarks {
  private readonly loader: DataLoader<ReadKey, ChannelRead | null, string>;
  private readonly waiting = new Set<Promise<unknown>>();

  constructor(private readonly db: Db) {
    this.loader = new DataLoader((keys) => storeCalls.run({}, () => writeReads(db, keys)), {
      cache: false,
      maxBatchSize: 500,
      cacheKeyFn: readKey,
      batchScheduleFn: (run) => setTimeout(run, READ_MARK_BATCH_MS),
    });
  }

  /**
   * Everything the user can see of the channel is read now; null if not a member. `now`:
   * written at once, alone (a request waits for it: POST /read answers with the read).
   */
  mark(
    userId: string,
    channelId: string,
    options: { now?: boolean } = {},
  ): Promise<ChannelRead | null> {
    if (options.now)
      return writeReads(this.db, [{ userId, channelId }]).then(([read]) => read ?? null);
    const read = this.loader.load({ userId, channelId });
    this.waiting.add(read);
    const done = () => this.waiting.delete(read);
    read.then(done, done);
    return read;
  }

  /** Once every mark made so far is written (the node's shutdown waits for it). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.waiting]);
  }
}

const readKey = ({ userId, channelId }: ReadKey) => `${userId}:${channelId}`;

async function writeReads(db: Db, keys: readonly ReadKey[]): Promise<Array<ChannelRead | null>> {
  // One malformed id would fail the whole statement, and so every mark of the moment.
  const valid = keys.filter((key) => isUuid(key.userId) && isUuid(key.channelId));
  if (valid.length === 0) return keys.map(() => null);
  const rows = await db.execute(sql`
    update ${channelMembers} cm
    set last_read_at = now(),
      last_read_seq = (select c.last_seq from ${channels} c where c.id = cm.channel_id)
    from jsonb_to_recordset(${JSON.stringify(valid)}::jsonb) as r("userId" uuid, "channelId" uuid)
    where cm.channel_id = r."channelId" and cm.user_id = r."userId"
    returning cm.user_id, cm.channel_id, cm.last_read_at, cm.last_read_seq`);
  const reads = new Map<string, ChannelRead>();
  for (const row of rows) {
    const channelId = String(row.channel_id);
    reads.set(readKey({ userId: String(row.user_id), channelId }), {
      channelId,
      lastReadAt: new Date(row.last_read_at as string | Date).toISOString(),
      lastReadSeq: Number(row.last_read_seq),
    });
  }
  return keys.map((key) => reads.get(readKey(key)) ?? null);
}
