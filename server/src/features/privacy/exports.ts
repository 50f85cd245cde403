import { randomBytes } from 'node:crypto';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  type AccountExport,
  EXPORT_COOLDOWN_HOURS,
  EXPORT_READY_NOTICE,
  EXPORT_TOO_SOON,
  EXPORT_TTL_DAYS,
} from '#shared/privacy';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { EventBus } from '../../events/bus';
import { HttpError } from '../../lib/errors';
import type { Realtime } from '../../realtime/realtime';
import { type FileStorage, uploadTempDir } from '../files/storage';
import { notifyAccount } from '../notifications/create';
import { deliver } from '../notifications/deliver';
import { writeAccountZip } from './export-zip';
import { accountExports } from './schema';

export interface PrivacyDeps {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  log: FastifyBaseLogger;
  storage: FileStorage;
  config: Config;
}

type ExportRow = typeof accountExports.$inferSelect;

/** How long a node holds an export it makes before another may take it over. */
const LEASE_MS = 2 * 60 * 1000;
/** An export that failed this many times stays failed. */
const MAX_ATTEMPTS = 3;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export function presentExport(row: ExportRow): AccountExport {
  return {
    id: row.id,
    userId: row.userId,
    status: row.status as AccountExport['status'],
    progress: row.progress,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    downloadUrl: row.status === 'ready' ? `/api/account/export/${row.id}/download` : null,
  };
}

/**
 * The export as `viewerId` may see it: its owner, whoever asked for it, or an administrator
 * (who may export anyone's data anyway: the one already being made is theirs to follow).
 */
export async function findExport(
  db: Db,
  id: string,
  viewerId: string,
  now = new Date(),
): Promise<ExportRow | undefined> {
  const [row] = await db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.id, id),
        sql`(${accountExports.userId} = ${viewerId}::uuid or ${accountExports.requestedById} = ${viewerId}::uuid
          or exists (select 1 from users where id = ${viewerId}::uuid and is_admin and deactivated_at is null))`,
        sql`${accountExports.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .limit(1);
  return row;
}

/** The latest exports of `userId` still kept (the settings show the newest). */
export async function listExports(db: Db, userId: string, now = new Date()): Promise<ExportRow[]> {
  return db
    .select()
    .from(accountExports)
    .where(
      and(
        eq(accountExports.userId, userId),
        sql`${accountExports.expiresAt} > ${now.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(desc(accountExports.createdAt))
    .limit(5);
}

/**
 * Ask for an export of `userId`'s data: the one already being made if there is one, else a
 * new row the job makes (audited in the same transaction). Returns it and whether it is new.
 */
export async function requestExport(
  deps: Pick<PrivacyDeps, 'db' | 'events'>,
  userId: string,
  by: { id: string; address: string | null },
): Promise<{ row: ExportRow; created: boolean }> {
  return deps.db.transaction(async (tx) => {
    // One request at a time per account: the row lock of the user serialises them.
    await tx.execute(sql`select id from users where id = ${userId}::uuid for update`);
    const [running] = await tx
      .select()
      .from(accountExports)
      .where(
        and(
          eq(accountExports.userId, userId),
          sql`${accountExports.status} in ('pending', 'running')`,
        ),
      )
      .limit(1);
    if (running) return { row: running, created: false };
    // Building a zip of everything one wrote is heavy: one a day per account asking for
    // itself (docs/privacy.md, "Export"); an administrator's request is not held back.
    if (by.id === userId) {
      const [recent] = await tx
        .select({ createdAt: accountExports.createdAt })
        .from(accountExports)
        .where(
          and(
            eq(accountExports.userId, userId),
            eq(accountExports.requestedById, userId),
            eq(accountExports.status, 'ready'),
            gt(accountExports.createdAt, new Date(Date.now() - EXPORT_COOLDOWN_HOURS * HOUR_MS)),
          ),
        )
        .orderBy(desc(accountExports.createdAt))
        .limit(1);
      if (recent) {
        const retryAt = recent.createdAt.getTime() + EXPORT_COOLDOWN_HOURS * HOUR_MS;
        throw new HttpError(
          429,
          EXPORT_TOO_SOON,
          undefined,
          Math.ceil((retryAt - Date.now()) / 1000),
        );
      }
    }
    const [row] = await tx
      .insert(accountExports)
      .values({
        userId,
        requestedById: by.id,
        expiresAt: new Date(Date.now() + EXPORT_TTL_DAYS * DAY_MS),
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await deps.events.runWithin(tx, 'audited', {
      action: 'account.export_requested',
      actorId: by.id,
      target: { type: 'user', id: userId },
      address: by.address,
      details: { exportId: row.id, byAdministrator: by.id !== userId },
    });
    return { row, created: true };
  });
}

async function announce(deps: PrivacyDeps, row: ExportRow): Promise<void> {
  const event = { type: 'account_export_updated' as const, export: presentExport(row) };
  const to = [...new Set([row.userId, ...(row.requestedById ? [row.requestedById] : [])])];
  try {
    await deps.realtime.toUsers(to, event);
  } catch (err) {
    deps.log.warn({ err }, 'account export progress not sent');
  }
}

/** Take the oldest export waiting (or whose node stopped): this node holds it for LEASE_MS. */
async function claimExport(db: Db): Promise<ExportRow | undefined> {
  const [row] = await db.execute<ExportRow>(sql`
    update ${accountExports} set status = 'running', progress = 0, attempts = attempts + 1,
      lease_until = now() + make_interval(secs => ${LEASE_MS / 1000})
    where id = (
      select id from ${accountExports}
      where status = 'pending' or (status = 'running' and lease_until < now())
      order by created_at limit 1 for update skip locked)
    returning id`);
  if (!row) return undefined;
  const [claimed] = await db
    .select()
    .from(accountExports)
    .where(eq(accountExports.id, String(row.id)));
  return claimed;
}

/** Make one claimed export: the zip to a temporary file, then to the file store. */
async function makeExport(deps: PrivacyDeps, row: ExportRow): Promise<void> {
  if (row.attempts > MAX_ATTEMPTS) {
    const [failed] = await deps.db
      .update(accountExports)
      .set({ status: 'failed', finishedAt: new Date(), leaseUntil: null })
      .where(eq(accountExports.id, row.id))
      .returning();
    if (failed) await announce(deps, failed);
    return;
  }
  const dir = uploadTempDir(deps.config);
  await mkdir(dir, { recursive: true });
  const temp = path.join(dir, `export-${row.id}-${randomBytes(8).toString('hex')}.zip`);
  let shown = -1;
  let shownAt = 0;
  try {
    await writeAccountZip(deps.db, deps.storage, row.userId, temp, async (done, total) => {
      // Nearly done is not done: 100 is said once the zip is stored.
      const progress = Math.min(99, Math.floor((done / total) * 100));
      if (progress === shown || Date.now() - shownAt < 500) return;
      shown = progress;
      shownAt = Date.now();
      const [updated] = await deps.db
        .update(accountExports)
        .set({ progress, leaseUntil: new Date(Date.now() + LEASE_MS) })
        .where(and(eq(accountExports.id, row.id), eq(accountExports.status, 'running')))
        .returning();
      if (updated) await announce(deps, updated);
    });
    const key = `${row.id}/${randomBytes(16).toString('hex')}`;
    const { size } = await stat(temp);
    await deps.storage.put(key, { path: temp, size }, 'application/zip');
    const finishedAt = new Date();
    const [ready] = await deps.db
      .update(accountExports)
      .set({
        status: 'ready',
        progress: 100,
        objectKey: key,
        size,
        finishedAt,
        leaseUntil: null,
        expiresAt: new Date(finishedAt.getTime() + EXPORT_TTL_DAYS * DAY_MS),
      })
      .where(eq(accountExports.id, row.id))
      .returning();
    if (!ready) {
      // The account was erased meanwhile: its export goes with it.
      await deps.storage.remove([key]);
      return;
    }
    await announce(deps, ready);
    const ids = await notifyAccount(deps.db, ready.userId, EXPORT_READY_NOTICE);
    await deliver(deps, ids, []);
  } catch (err) {
    deps.log.warn({ err, exportId: row.id }, 'account export failed');
    const [back] = await deps.db
      .update(accountExports)
      .set(
        row.attempts >= MAX_ATTEMPTS
          ? { status: 'failed', finishedAt: new Date(), leaseUntil: null }
          : { status: 'pending', leaseUntil: null },
      )
      .where(eq(accountExports.id, row.id))
      .returning();
    if (back) await announce(deps, back);
  } finally {
    await rm(temp, { force: true });
  }
}

/** Make every export waiting, one after the other; how many were made. */
export async function runExports(deps: PrivacyDeps): Promise<number> {
  let made = 0;
  for (;;) {
    const row = await claimExport(deps.db);
    if (!row) return made;
    await makeExport(deps, row);
    made++;
  }
}

/** Exports past their 7 days: rows and zips go (docs/privacy.md). */
export async function purgeExpiredExports(deps: PrivacyDeps, now = new Date()): Promise<number> {
  const gone = await deps.db
    .delete(accountExports)
    .where(lt(accountExports.expiresAt, now))
    .returning({ key: accountExports.objectKey });
  const keys = gone.flatMap((g) => (g.key ? [g.key] : []));
  if (keys.length > 0) await deps.storage.remove(keys);
  return gone.length;
}

/** The zip's bytes, for its download. */
export async function openExport(deps: Pick<PrivacyDeps, 'storage'>, row: ExportRow) {
  return row.objectKey ? deps.storage.get(row.objectKey) : null;
}
