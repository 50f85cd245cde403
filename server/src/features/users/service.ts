import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { UserUpdateInput } from '#shared/users';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { containsPattern } from '../../lib/like';
import { createDefaultPreferences } from '../notifications/preferences';

export type UserRow = typeof users.$inferSelect;

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export interface NewUser {
  email: string | null;
  firstName?: string | null | undefined;
  lastName?: string | null | undefined;
  profileImageUrl?: string | null | undefined;
  passwordHash?: string | null;
  oidcIssuer?: string | null;
  oidcSubject?: string | null;
  emailVerifiedAt?: Date | null;
  isAdmin?: boolean;
}

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Create a user and their default notification preferences, together or not at all;
 * `within` runs in the same transaction first (using up an invite, say), `then` last
 * (joining the default channel).
 */
export async function createUser(
  db: Db,
  input: NewUser,
  within?: (tx: Tx) => Promise<void>,
  then?: (tx: Tx, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    if (within) await within(tx);
    const [row] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName || null,
        lastName: input.lastName || null,
        profileImageUrl: input.profileImageUrl ?? null,
        passwordHash: input.passwordHash ?? null,
        oidcIssuer: input.oidcIssuer ?? null,
        oidcSubject: input.oidcSubject ?? null,
        emailVerifiedAt: input.emailVerifiedAt ?? null,
        isAdmin: input.isAdmin ?? false,
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await createDefaultPreferences(tx, row.id);
    if (then) await then(tx, row);
    return row;
  });
}

export async function updateUser(db: Db, id: string, input: UserUpdateInput): Promise<UserRow> {
  const values =
    'displayName' in input
      ? { displayName: input.displayName }
      : { chosenStatus: input.status, statusMessage: input.statusMessage || null };
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export async function updateUserProfile(
  db: Db,
  id: string,
  profile: Pick<NewUser, 'email' | 'firstName' | 'lastName' | 'profileImageUrl'>,
): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...profile, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new Error(`user ${id} vanished`);
  return row;
}

export async function setPasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, id));
}

/** Whether the workspace has no account yet: its first one becomes its administrator. */
export async function isWorkspaceEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).limit(1);
  return !row;
}

export async function markEmailVerified(db: Db, id: string): Promise<void> {
  await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, id));
}

export async function setAdmin(db: Db, id: string, isAdmin: boolean): Promise<void> {
  await db.update(users).set({ isAdmin }).where(eq(users.id, id));
}

const USER_LIST_LIMIT = 500;

/** The user directory (DM dialog, assignees, add-friend), sorted by how people are named. */
export async function listUsers(
  db: Db,
  options: { excludeId?: string; q?: string | undefined },
): Promise<UserRow[]> {
  const where: SQL[] = [];
  if (options.excludeId) where.push(ne(users.id, options.excludeId));
  if (options.q) {
    const like = containsPattern(options.q);
    const match = or(
      ilike(users.displayName, like),
      ilike(users.firstName, like),
      ilike(users.lastName, like),
      ilike(users.email, like),
    );
    if (match) where.push(match);
  }
  return db
    .select()
    .from(users)
    .where(and(...where))
    .orderBy(
      sql`lower(coalesce(${users.displayName}, ${users.firstName}, ${users.email}))`,
      asc(users.id),
    )
    .limit(USER_LIST_LIMIT);
}
