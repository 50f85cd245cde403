import { and, asc, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { users } from '../../auth/schema';
import type { UserRow } from '../../auth/users';
import type { Db } from '../../db/client';
import { folded } from '../../db/fold';
import { badRequest } from '../../lib/errors';
import { containsPattern } from '../../lib/like';

/** Everything a person is found by, and how people are sorted (generated columns). */
const haystack = users.directoryText;
const sortKey = users.directorySortKey;

const BAD_CURSOR = 'Curseur de recherche invalide';
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
  throw badRequest(BAD_CURSOR);
}

/** Each word of the query must be found somewhere, accents and case aside. */
export function matches(q: string | undefined): SQL[] {
  const words = (q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return words.map((word) => sql`${haystack} like ${folded(sql`${containsPattern(word)}`)}`);
}

/**
 * One page of the directory (GET /api/users/search): sorted by name, then id; the cursor is
 * the last person's (sort key, id), so pages neither skip nor repeat anyone when people join.
 * Deactivated accounts are left out: the pickers it feeds cannot write to them or add them.
 */
export async function searchUsers(
  db: Db,
  options: {
    excludeId: string;
    q?: string | undefined;
    cursor?: string | undefined;
    limit: number;
  },
): Promise<{ rows: UserRow[]; nextCursor: string | null }> {
  const where: SQL[] = [
    ne(users.id, options.excludeId),
    isNull(users.deactivatedAt),
    ...matches(options.q),
  ];
  if (options.cursor) {
    const after = decodeCursor(options.cursor);
    where.push(sql`(${sortKey}, ${users.id}) > (${after.key}, ${after.id}::uuid)`);
  }
  const rows = await db
    .select({ user: users, key: sortKey })
    .from(users)
    .where(and(...where))
    .orderBy(sortKey, asc(users.id))
    .limit(options.limit + 1);
  const page = rows.slice(0, options.limit);
  const last = page.at(-1);
  return {
    rows: page.map((r) => r.user),
    nextCursor:
      rows.length > options.limit && last ? encodeCursor(last.key ?? '', last.user.id) : null,
  };
}
