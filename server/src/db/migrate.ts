import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type { Database } from './client';

/** The committed SQL migrations: beside this file in the sources, copied beside the bundle. */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Any fixed 64-bit number: nodes starting together run the migrations one at a time.
const MIGRATION_LOCK = 7_236_711_829;

/**
 * One process's calls for one store queue here. Across processes (nodes on one PostgreSQL)
 * the advisory lock below orders them; but every connection to the embedded store shares
 * one PGlite session, where that lock is re-entrant and keeps nobody out, and two runs
 * could both read "nothing applied yet" and apply the same migration twice.
 */
const running = new WeakMap<Database, Promise<void>>();

export function runMigrations(database: Database): Promise<void> {
  const previous = running.get(database) ?? Promise.resolve();
  const next = previous.catch(() => {}).then(() => migrateLocked(database));
  running.set(database, next);
  return next;
}

async function migrateLocked(database: Database): Promise<void> {
  // The lock is held by one reserved connection while the pool applies the migrations.
  const conn = await database.sql.reserve();
  try {
    await conn`select pg_advisory_lock(${MIGRATION_LOCK})`;
    try {
      await migrate(drizzle(database.sql), { migrationsFolder });
    } finally {
      await conn`select pg_advisory_unlock(${MIGRATION_LOCK})`;
    }
  } finally {
    conn.release();
  }
}
