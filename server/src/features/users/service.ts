import { and, asc, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { users } from '../../auth/schema';
import type { UserRow } from '../../auth/users';
import type { Db } from '../../db/client';
import { containsPattern } from '../../lib/like';

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
