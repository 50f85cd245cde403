/**
 * The backup archive (docs/operations.md, "Backups and restore"): a tar file holding
 * - `ruche-backup.json`, the manifest below (first, so that a restore checks it before anything);
 * - `db/<table>.ndjson.gz`, one JSON object a row (PostgreSQL's `row_to_json`), gzipped;
 * - `secrets/<name>`, the secrets a node generated into DATA_DIR (session-secret,
 *   calendar-token-key, vapid.json) when it has them;
 * - `files/…`, DATA_DIR/files as it is on disk, when files are stored there (with S3, the
 *   bucket has its own backup: the manifest and `S3-LISEZMOI.txt` say so).
 * One format for both stores: an embedded store's backup restores into PostgreSQL and back.
 */
import type postgres from 'postgres';

export const BACKUP_FORMAT = 'ruche-backup';
/** Raised when the archive's layout changes; a restore refuses a version it does not know. */
export const BACKUP_VERSION = 1;
export const MANIFEST_NAME = 'ruche-backup.json';
export const S3_NOTE_NAME = 'S3-LISEZMOI.txt';
/** What a node may generate into DATA_DIR and every restored node needs the same of. */
export const SECRET_FILES = ['session-secret', 'calendar-token-key', 'vapid.json'] as const;

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: number;
  createdAt: string;
  store: 'postgres' | 'embedded';
  /** `select version()` of the store dumped. */
  serverVersion: string;
  /** Applied migrations, oldest first: drizzle's `created_at` (the journal's `when`) and hash. */
  migrations: { createdAt: number; hash: string }[];
  tables: { name: string; rows: number }[];
  sequences: { name: string; value: string; called: boolean }[];
  files:
    | { where: 'archive'; count: number; bytes: number }
    | { where: 's3'; endpoint: string; bucket: string };
  secrets: string[];
}

/** A message for the operator: the CLI prints it and exits 1 (no stack trace). */
export class BackupError extends Error {}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The ordinary tables of schema public (partitions left to their parent). */
export async function publicTables(sql: postgres.Sql | postgres.TransactionSql) {
  const rows = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
      and not c.relispartition
    order by c.relname`;
  return rows.map((row) => row.name);
}

export async function publicSequences(sql: postgres.Sql | postgres.TransactionSql) {
  const rows = await sql<{ name: string }[]>`
    select c.relname as name from pg_class c
    where c.relnamespace = 'public'::regnamespace and c.relkind = 'S' order by c.relname`;
  return rows.map((row) => row.name);
}

/** Drizzle's record of applied migrations, or none when the store was never migrated. */
export async function appliedMigrations(
  sql: postgres.Sql | postgres.TransactionSql,
): Promise<BackupManifest['migrations']> {
  const [exists] = await sql<{ found: boolean }[]>`
    select to_regclass('drizzle.__drizzle_migrations') is not null as found`;
  if (!exists?.found) return [];
  const rows = await sql<{ created_at: string; hash: string }[]>`
    select created_at::text, hash from drizzle.__drizzle_migrations order by created_at, id`;
  return rows.map((row) => ({ createdAt: Number(row.created_at), hash: row.hash }));
}
