import { createHash } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditEntry, AuditEntryInput, AuditPage } from '#shared/audit';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db, Tx } from '../../db/client';
import { inBackground } from '../../db/store-gate';
import { badRequest } from '../../lib/errors';
import { auditLog, knownDevices } from './schema';

export type { AuditEntryInput } from '#shared/audit';

/**
 * Record one audit entry. Call it with the transaction of the act itself, so that the act
 * and its record commit together (or neither does).
 */
export async function recordAudit(db: Db | Tx, entry: AuditEntryInput): Promise<void> {
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id ?? null,
    targetLabel: entry.target?.label ?? null,
    address: entry.address?.slice(0, 64) ?? null,
    details: entry.details ?? {},
  });
}

/**
 * The labels an account left in the log (as actor's target, or its own name) replaced, for an
 * erasure (issue 48 item 4): the entries stay, without the person's name or email.
 */
export async function forgetAuditLabels(
  db: Db | Tx,
  userId: string,
  replacement: string,
): Promise<void> {
  await db
    .update(auditLog)
    .set({ targetLabel: replacement })
    .where(and(eq(auditLog.targetType, 'user'), eq(auditLog.targetId, userId)));
  await db.delete(knownDevices).where(eq(knownDevices.userId, userId));
}

// The cursor carries the last entry's time as the store writes it (microseconds, which a JS
// Date would round to milliseconds and so skip the entries of the same millisecond) and its id.
function encodeCursor(at: string, id: string): string {
  return Buffer.from(JSON.stringify([at, id])).toString('base64url');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STORE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:?\d{2})?)$/;

function decodeCursor(cursor: string): { at: string; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at !== 'string' || !STORE_TIME.test(at)) throw 0;
    if (typeof id !== 'string' || !UUID.test(id)) throw 0;
    return { at, id };
  } catch {
    throw badRequest('Curseur invalide');
  }
}

/** One page of the log, newest first, keyset-paged on (created_at, id); filtered by actor and action. */
export async function listAudit(
  db: Db,
  options: {
    cursor?: string | undefined;
    actor?: string | undefined;
    action?: string | undefined;
    limit: number;
  },
): Promise<AuditPage> {
  const conditions = [];
  if (options.actor) conditions.push(eq(auditLog.actorId, options.actor));
  if (options.action) conditions.push(eq(auditLog.action, options.action));
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    conditions.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (${after.at}::timestamptz, ${after.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      entry: auditLog,
      at: sql<string>`${auditLog.createdAt}::text`,
      actor: {
        id: users.id,
        displayName: users.displayName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
      },
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    entries: page.map(
      ({ entry, actor }): AuditEntry => ({
        id: entry.id,
        createdAt: entry.createdAt.toISOString(),
        action: entry.action,
        actor: actor ? { id: actor.id, name: userDisplayName(actor) } : null,
        target: entry.targetType
          ? { type: entry.targetType, id: entry.targetId, label: entry.targetLabel }
          : null,
        address: entry.address,
        details: entry.details,
      }),
    ),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.at, last.entry.id) : null,
  };
}

/**
 * A sign-in seen (auth's `signedIn` event): the device (user agent and address, hashed) is
 * remembered; one this account never used before is audited as `session.new_device`, unless
 * it is the account's very first (its sign-up).
 */
export async function noteSignIn(
  db: Db,
  input: { userId: string; userAgent: string | null; address: string | null },
): Promise<boolean> {
  const fingerprint = createHash('sha256')
    .update(`${input.userAgent ?? ''}\n${input.address ?? ''}`)
    .digest('hex');
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(knownDevices)
      .where(eq(knownDevices.userId, input.userId));
    const inserted = await tx
      .insert(knownDevices)
      .values({ userId: input.userId, fingerprint })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.fingerprint],
        set: { lastSeenAt: sql`now()` },
      })
      .returning({ fresh: sql<boolean>`xmax = 0` });
    const fresh = inserted[0]?.fresh === true && (known?.n ?? 0) > 0;
    if (fresh) {
      const [user] = await tx.select().from(users).where(eq(users.id, input.userId));
      await recordAudit(tx, {
        action: 'session.new_device',
        actorId: input.userId,
        target: { type: 'user', id: input.userId, label: user ? userDisplayName(user) : null },
        address: input.address,
        details: { userAgent: input.userAgent?.slice(0, 200) ?? null },
      });
    }
    return fresh;
  });
}

/** Any fixed 32-bit number: the lock that lets one node at a time purge the log. */
const PURGE_LOCK = 0x41_55_44_54; // "AUDT"
export const AUDIT_PURGE_BATCH = 1000;
const BATCHES_PER_TICK = 10;

/**
 * One batch of entries older than `retentionDays` before `now`, deleted under a
 * transaction-scoped advisory lock only one node can hold (the node that finds it taken
 * skips: null).
 */
export async function purgeAuditBatch(
  db: Db,
  retentionDays: number,
  now: Date = new Date(),
  limit = AUDIT_PURGE_BATCH,
): Promise<number | null> {
  const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  return db.transaction(async (tx) => {
    const [lock] = await tx.execute<{ held: boolean }>(
      sql`select pg_try_advisory_xact_lock(${PURGE_LOCK}::int) as held`,
    );
    if (!lock?.held) return null;
    const removed = await tx
      .delete(auditLog)
      .where(
        sql`${auditLog.id} in (select id from ${auditLog} where ${auditLog.createdAt} < ${before.toISOString()}::timestamptz
          order by ${auditLog.createdAt} limit ${limit})`,
      )
      .returning({ id: auditLog.id });
    return removed.length;
  });
}

/** Every batch due, up to BATCHES_PER_TICK: what one tick of the job does. */
export async function purgeAudit(
  db: Db,
  retentionDays: number,
  now: Date = new Date(),
): Promise<number> {
  let total = 0;
  for (let i = 0; i < BATCHES_PER_TICK; i++) {
    const count = await purgeAuditBatch(db, retentionDays, now);
    if (count === null) break;
    total += count;
    if (count < AUDIT_PURGE_BATCH) break;
  }
  return total;
}

/** The purge job: every node ticks; the advisory lock lets one work at a time. Returns its stop. */
export function startAuditPurge(
  db: Db,
  log: Pick<FastifyBaseLogger, 'warn'>,
  config: { retentionDays: number; purgeIntervalMs: number },
): () => void {
  if (config.purgeIntervalMs <= 0) return () => {};
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    inBackground(() => purgeAudit(db, config.retentionDays))
      .catch((err: unknown) => log.warn({ err }, 'audit log purge failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, config.purgeIntervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
