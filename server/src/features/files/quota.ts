import { count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import {
  type InstanceStorage,
  STORAGE_FULL,
  STORAGE_QUOTA_EXCEEDED,
  type StorageUsage,
} from '#shared/files';
import { users } from '../../auth/schema';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { HttpError } from '../../lib/errors';
import { files } from './schema';

type Quotas = Config['files'];
type Reader = Db | Tx;

/** Any fixed 32-bit number: the class of the quota locks below. */
const QUOTA_LOCK_CLASS = 0x51554f54;
const TOP_USERS = 20;

/** What a file takes in the store: the original and its thumbnail. */
const storedBytes = sql<string>`coalesce(sum(${files.size} + coalesce(${files.thumbnailSize}, 0)), 0)`;

export async function accountUsage(db: Reader, userId: string): Promise<number> {
  const [row] = await db
    .select({ used: storedBytes })
    .from(files)
    .where(eq(files.uploadedById, userId));
  return Number(row?.used ?? 0);
}

async function instanceUsage(db: Reader): Promise<number> {
  const [row] = await db.select({ used: storedBytes }).from(files);
  return Number(row?.used ?? 0);
}

/** GET /api/me/storage. */
export async function storageUsageOf(
  db: Db,
  quotas: Quotas,
  userId: string,
): Promise<StorageUsage> {
  return { used: await accountUsage(db, userId), quota: quotas.quotaPerUser };
}

/** GET /api/admin/storage: the total, and the accounts whose files take the most. */
export async function instanceStorage(db: Db, quotas: Quotas): Promise<InstanceStorage> {
  const used = sql<string>`${storedBytes}`.as('used');
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      displayName: users.displayName,
      email: users.email,
      used,
      files: count(),
    })
    .from(files)
    .innerJoin(users, eq(users.id, files.uploadedById))
    .where(isNotNull(files.uploadedById))
    .groupBy(users.id)
    .orderBy(desc(used), users.id)
    .limit(TOP_USERS);
  return {
    used: await instanceUsage(db),
    quota: quotas.quotaTotal,
    perUserQuota: quotas.quotaPerUser,
    topUsers: rows.map(({ used, files, ...user }) => ({ user, used: Number(used), files })),
  };
}

/** The bytes an upload may still take, and the answer for one that would take more. */
export interface UploadRoom {
  bytes: number;
  error: HttpError;
}

/**
 * The tighter of the account's room and the instance's (docs/files.md, "Quotas"); null when
 * neither is limited. Past the account's: 413; past the instance's: 507.
 */
export async function uploadRoom(
  db: Reader,
  quotas: Quotas,
  userId: string,
): Promise<UploadRoom | null> {
  const rooms: UploadRoom[] = [];
  if (quotas.quotaPerUser !== null) {
    rooms.push({
      bytes: quotas.quotaPerUser - (await accountUsage(db, userId)),
      error: new HttpError(413, STORAGE_QUOTA_EXCEEDED),
    });
  }
  if (quotas.quotaTotal !== null) {
    rooms.push({
      bytes: quotas.quotaTotal - (await instanceUsage(db)),
      error: new HttpError(507, STORAGE_FULL),
    });
  }
  if (rooms.length === 0) return null;
  return rooms.reduce((a, b) => (b.bytes < a.bytes ? b : a));
}

/** Refuses `bytes` more when they do not fit the room. */
export function checkRoom(room: UploadRoom | null, bytes: number): void {
  if (room && bytes > room.bytes) throw room.error;
}

/**
 * Records a stored upload only if its bytes still fit, under a lock: two uploads racing for
 * the last free space are counted one after the other, and the second is refused
 * (docs/files.md, "Quotas"). The lock is the account's, or the instance's when the instance
 * has a total (which then orders every upload). Nothing is locked when nothing is limited.
 */
export async function recordWithinQuota<T>(
  db: Db,
  quotas: Quotas,
  userId: string,
  bytes: number,
  insert: (tx: Reader) => Promise<T>,
): Promise<T> {
  if (quotas.quotaPerUser === null && quotas.quotaTotal === null) return insert(db);
  return db.transaction(async (tx) => {
    const key = quotas.quotaTotal === null ? `user:${userId}` : 'instance';
    await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK_CLASS}::int, hashtext(${key}))`);
    checkRoom(await uploadRoom(tx, quotas, userId), bytes);
    return insert(tx);
  });
}
