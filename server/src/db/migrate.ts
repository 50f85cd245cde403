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

export async function runMigrations(database: Database): Promise<void> {
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
