import { and, asc, ne, type SQL, sql } from 'drizzle-orm';
import { users } from '../../auth/schema';
import type { UserRow } from '../../auth/users';
import type { Db } from '../../db/client';
import { matches } from './directory';

const USER_LIST_LIMIT = 500;

/**
 * The first 500 people of the directory (the quick switcher), sorted by how people are named;
 * `q` as in GET /api/users/search, accents and case aside. The pickers page through
 * GET /api/users/search instead (directory.ts).
 */
export async function listUsers(
  db: Db,
  options: { excludeId?: string; q?: string | undefined },
): Promise<UserRow[]> {
  const where: SQL[] = matches(options.q);
  if (options.excludeId) where.push(ne(users.id, options.excludeId));
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
