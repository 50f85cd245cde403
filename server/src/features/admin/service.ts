import { and, asc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AdminUser, AdminUserPage } from '#shared/admin';
import { LAST_ADMIN_MESSAGE } from '#shared/admin';
import type { AuditAction } from '#shared/audit';
import { userDisplayName } from '#shared/user-names';
import { sessions, users } from '../../auth/schema';
import type { UserRow } from '../../auth/users';
import type { Db, Tx } from '../../db/client';
import { folded } from '../../db/fold';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { containsPattern } from '../../lib/like';
import { recordAudit } from '../audit';
import { accountUsage } from '../files/quota';

export const USER_NOT_FOUND = 'Compte introuvable';
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof key === 'string' && typeof id === 'string' && UUID_RE.test(id)) return { key, id };
  } catch {
    // Falls through to the 400.
  }
  throw badRequest('Curseur invalide');
}

/** The last use of any of the account's sessions (sessions.ts records it every 15 minutes). */
const lastActivity = sql<string | null>`(select max((${sessions.sess}->>'lastUsedAt')::timestamptz)
  from ${sessions} where ${sessions.sess}->>'userId' = ${users.id}::text)`;

async function present(db: Db, row: UserRow, lastUsed: string | Date | null): Promise<AdminUser> {
  return {
    id: row.id,
    name: userDisplayName(row),
    email: row.email,
    isAdmin: row.isAdmin,
    deactivatedAt: row.deactivatedAt?.toISOString() ?? null,
    lastActivityAt: lastUsed ? new Date(lastUsed).toISOString() : null,
    storageUsed: await accountUsage(db, row.id),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * GET /api/admin/users: every account, deactivated ones too, sorted by name then id (the
 * directory's generated columns); every word of `q` found in a name or the email.
 */
export async function listAdminUsers(
  db: Db,
  options: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminUserPage> {
  const words = (options.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  const where: SQL[] = words.map(
    (word) => sql`${users.directoryText} like ${folded(sql`${containsPattern(word)}`)}`,
  );
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    where.push(sql`(${users.directorySortKey}, ${users.id}) > (${after.key}, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ user: users, key: users.directorySortKey, lastUsed: lastActivity })
    .from(users)
    .where(where.length ? and(...where) : undefined)
    .orderBy(users.directorySortKey, asc(users.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    users: await Promise.all(page.map((r) => present(db, r.user, r.lastUsed))),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor(last.key ?? '', last.user.id) : null,
  };
}

export async function findAdminUser(db: Db, id: string): Promise<AdminUser> {
  const [row] = await db
    .select({ user: users, lastUsed: lastActivity })
    .from(users)
    .where(eq(users.id, id));
  if (!row) throw notFound(USER_NOT_FOUND);
  return present(db, row.user, row.lastUsed);
}

/**
 * The active administrators are counted under a lock (every active administrator's row, FOR
 * UPDATE): two administrators removing each other at once cannot both succeed.
 */
async function refuseLastAdmin(tx: Tx, userId: string): Promise<void> {
  const others = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)))
    .for('update');
  if (!others.some((o) => o.id !== userId)) throw conflict(LAST_ADMIN_MESSAGE);
}

async function lockUser(tx: Tx, id: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for('update');
  if (!row) throw notFound(USER_NOT_FOUND);
  return row;
}

interface Act {
  actorId: string;
  address: string;
}

async function audit(tx: Tx, act: Act, action: AuditAction, target: UserRow): Promise<void> {
  await recordAudit(tx, {
    action,
    actorId: act.actorId,
    target: { type: 'user', id: target.id, label: userDisplayName(target) },
    address: act.address,
  });
}

/**
 * Deactivate an account (its sessions are ended by the caller, after this commits). The
 * last active administrator cannot be. Returns whether anything changed.
 */
export async function deactivateUser(db: Db, id: string, act: Act): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (row.deactivatedAt) return false;
    if (row.isAdmin) await refuseLastAdmin(tx, id);
    await tx.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, id));
    await audit(tx, act, 'user.deactivated', row);
    return true;
  });
}

export async function reactivateUser(db: Db, id: string, act: Act): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (!row.deactivatedAt) return false;
    await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, id));
    await audit(tx, act, 'user.reactivated', row);
    return true;
  });
}

/** Make or remove an administrator; the last active administrator stays one (409). */
export async function setAdministrator(
  db: Db,
  id: string,
  isAdmin: boolean,
  act: Act,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const row = await lockUser(tx, id);
    if (row.isAdmin === isAdmin) return false;
    if (isAdmin && row.deactivatedAt) {
      throw conflict(
        'Un compte désactivé ne peut pas devenir administrateur : réactivez-le d’abord',
      );
    }
    if (!isAdmin && !row.deactivatedAt) await refuseLastAdmin(tx, id);
    await tx.update(users).set({ isAdmin }).where(eq(users.id, id));
    await audit(tx, act, isAdmin ? 'user.admin_granted' : 'user.admin_revoked', row);
    return true;
  });
}

/** The password reset an administrator sends: recorded with the act (the mail goes after). */
export async function recordPasswordReset(db: Db, row: UserRow, act: Act): Promise<void> {
  await db.transaction((tx) => audit(tx, act, 'password_reset.sent', row));
}

/** The workspace's active administrators (who hear of an administrator's acts). */
export async function activeAdminIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt)));
  return rows.map((r) => r.id);
}
