import { eq, sql } from 'drizzle-orm';
import type { UserUpdateInput } from '#shared/users';
import type { Db, Tx } from '../db/client';
import { users } from './schema';

/**
 * The users table's rows, owned here with the table (auth/schema.ts: identity, joined by
 * every feature): found, created, updated. The features read users through these and
 * present them with user-presenter.ts; the directory (GET /api/users) is features/users.
 */
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

/**
 * Insert a user row, nothing else: what a new account also gets (preferences, the default
 * channel) the features add in their own `userCreated` steps (auth/new-account.ts).
 */
export async function createUser(db: Db | Tx, input: NewUser): Promise<UserRow> {
  const [row] = await db
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
  return row;
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

/** What a deactivated account is told when it tries to sign in (any method). */
export const ACCOUNT_DEACTIVATED = 'Ce compte a été désactivé par un administrateur';

/** Whether an administrator deactivated this account (features/admin). */
export async function isDeactivated(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ at: users.deactivatedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.at != null;
}
