import { type SQL, sql } from 'drizzle-orm';

/**
 * Ids as one uuid[] parameter: the same statement text for any number of them, where
 * `inArray` makes one text per count (and the pool names statements of 16 parameters or
 * fewer: docs/performance-log.md, capacity, "2026-11-27, 06:52").
 */
export const uuids = (ids: readonly string[]): SQL => sql`${`{${ids.join(',')}}`}::uuid[]`;
