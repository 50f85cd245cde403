import { and, asc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { UserUpdateInput } from '#shared/users';
import type { Db } from '../../db/client';
import { notificationPreferences, users } from '../../db/schema';
import { containsPattern } from '../../lib/like';

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
}

/** Create a user and their default notification preferences, together or not at all. */
export async function createUser(db: Db, input: NewUser): Promise<UserRow> {
  return db.transaction(async (tx) => {
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
      })
      .returning();
    if (!row) throw new Error('insert returned no row');
    await tx.insert(notificationPreferences).values({ userId: row.id });
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
