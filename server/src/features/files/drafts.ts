import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import type { FileRow } from './presenter';
import { files } from './schema';
import type { FileStorage } from './storage';

/** Any fixed 32-bit number: the lock that lets one node at a time purge drafts. */
const PURGE_LOCK = 0x46_44_52_46; // "FDRF"
/** Rows deleted per transaction, and transactions per tick: a backlog drains over ticks. */
export const PURGE_BATCH = 200;
const BATCHES_PER_TICK = 10;

/**
 * One batch of drafts older than `ttlMs` (docs/files.md, "Drafts"): deleted under a
 * transaction-scoped advisory lock that only one node can hold, so nodes never purge side by
 * side; a node that finds it taken skips the batch (null). The bytes go after the commit.
 */
export async function purgeDraftBatch(
  db: Db,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  ttlMs: number,
  limit = PURGE_BATCH,
): Promise<number | null> {
  const removed = await db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ held: boolean }>(
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}::int) as held`,
    );
    if (!lock?.held) return null;
    return tx
      .delete(files)
      .where(
        sql`${files.id} in (select id from ${files} where ${files.draft}
          and ${files.createdAt} < now() - make_interval(secs => ${ttlMs / 1000})
          order by ${files.createdAt} limit ${limit})`,
      )
      .returning();
  });
  if (removed === null) return null;
  await removeBytes(storage, log, removed);
  return removed.length;
}

async function removeBytes(
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  rows: FileRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const keys = rows.flatMap((row) =>
    row.thumbnail ? [row.filename, row.thumbnail] : [row.filename],
  );
  try {
    await storage.remove(keys);
  } catch (err) {
    log.warn({ err, keys }, 'draft file bytes could not be removed');
  }
}

/** Every batch due, up to BATCHES_PER_TICK: what one tick of the job does. */
export async function purgeDrafts(
  db: Db,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  ttlMs: number,
): Promise<number> {
  let total = 0;
  for (let i = 0; i < BATCHES_PER_TICK; i++) {
    const count = await purgeDraftBatch(db, storage, log, ttlMs);
    if (count === null) break;
    total += count;
    if (count < PURGE_BATCH) break;
  }
  return total;
}

/**
 * The purge job: every node ticks every `intervalMs`, in the background slots of the store
 * (db/store-gate.ts); the lock above lets one of them work at a time. Returns its stop.
 */
export function startDraftPurge(
  db: Db,
  storage: FileStorage,
  log: Pick<FastifyBaseLogger, 'warn'>,
  config: { draftTtlMs: number; draftPurgeIntervalMs: number },
): () => void {
  if (config.draftPurgeIntervalMs <= 0) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inBackground(() => purgeDrafts(db, storage, log, config.draftTtlMs))
      .catch((err: unknown) => log.warn({ err }, 'draft file purge failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, config.draftPurgeIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
