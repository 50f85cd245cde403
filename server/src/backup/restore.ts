/**
 * `npm run admin -- restore <file> [--force]`: an archive of backup.ts loaded into the
 * configured store (PostgreSQL or embedded, whichever made it) and DATA_DIR. The schema is
 * rebuilt by the migrations the archive was made at, the rows are loaded in one transaction
 * (foreign keys dropped while loading, then added back, which checks them), and the newer
 * migrations run after: an archive made by an older Ruche restores into this one.
 */
import { createReadStream } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import type postgres from 'postgres';
import * as tar from 'tar';
import type { Config } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrationsFolder, runMigrations } from '../db/migrate';
import { listFiles, refuseRunningEmbeddedStore } from './backup';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupManifest,
  MANIFEST_NAME,
  publicTables,
  quoteIdent,
  SECRET_FILES,
} from './format';

/** Rows inserted per statement (one JSON parameter); also bounded by LOAD_BATCH_BYTES. */
const LOAD_BATCH_ROWS = 2000;
const LOAD_BATCH_BYTES = 4 * 1024 * 1024;

export interface RestoreSummary {
  manifest: BackupManifest;
  rows: number;
  files: number;
  /** Migrations applied after loading (the archive was older than this Ruche). */
  migrated: number;
  /** Secrets put back into DATA_DIR (an environment variable still wins over each). */
  secrets: string[];
  /** Seconds each step took: extraction, schéma, lignes, migrations et ANALYZE, fichiers. */
  phases: Record<string, number>;
  /** The files went to the S3 bucket configured here (the archive had them from disk). */
  filesToS3: boolean;
}

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

async function readManifest(file: string, staging: string): Promise<BackupManifest> {
  try {
    await tar.x({ file, cwd: staging, strict: true, filter: (entry) => entry === MANIFEST_NAME });
  } catch {
    // Not a tar archive at all: said below, as for a tar without a manifest.
  }
  const text = await readFile(path.join(staging, MANIFEST_NAME), 'utf8').catch(() => null);
  let manifest: Partial<BackupManifest> | null = null;
  try {
    manifest = text ? (JSON.parse(text) as Partial<BackupManifest>) : null;
  } catch {
    manifest = null;
  }
  if (manifest?.format !== BACKUP_FORMAT) {
    throw new BackupError(
      `${file} n’est pas une sauvegarde Ruche (${MANIFEST_NAME} manquant ou illisible).`,
    );
  }
  if (manifest.version !== BACKUP_VERSION) {
    throw new BackupError(
      `${file} est une sauvegarde au format ${manifest.version}, que cette version de Ruche ne sait pas lire (format ${BACKUP_VERSION}) : restaurez-la avec la version de Ruche qui l’a faite, ou une plus récente.`,
    );
  }
  return manifest as BackupManifest;
}

/**
 * The journal entries the archive was made at. Drizzle applies whatever is newer than the
 * last applied migration's `when`: each of the archive's must be one this Ruche knows.
 */
async function archiveLevel(manifest: BackupManifest): Promise<JournalEntry[]> {
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  const known = new Set(readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis));
  const unknown = manifest.migrations.filter((m) => !known.has(m.createdAt));
  if (unknown.length > 0) {
    throw new BackupError(
      `Cette sauvegarde vient d’une version de Ruche plus récente (${unknown.length} migration(s) inconnue(s) ici) : installez cette version ou une plus récente, puis restaurez.`,
    );
  }
  const last = Math.max(...manifest.migrations.map((m) => m.createdAt));
  return journal.entries.filter((entry) => entry.when <= last);
}

/** Rows in the store's tables and files on disk: what a restore would overwrite. */
async function whatIsThere(config: Config, database: Database) {
  let rows = 0;
  for (const name of await publicTables(database.sql)) {
    const [found] = await database.sql.unsafe<{ n: number }[]>(
      `select count(*)::int as n from (select 1 from ${quoteIdent(name)} limit 1000) t`,
    );
    rows += found?.n ?? 0;
  }
  const files = config.files.s3 ? [] : await listFiles(path.join(config.dataDir, 'files'));
  return { rows, files: files.length };
}

/** Drop everything in the store and build the schema as the archive's migrations left it. */
export async function rebuildSchema(database: Database, level: JournalEntry[], staging: string) {
  await database.sql.unsafe(
    'drop schema if exists drizzle cascade; drop schema public cascade; create schema public;',
  );
  const folder = path.join(staging, 'migrations');
  await mkdir(path.join(folder, 'meta'), { recursive: true });
  const journal = JSON.parse(
    await readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
  ) as { entries: JournalEntry[] };
  await writeFile(
    path.join(folder, 'meta', '_journal.json'),
    JSON.stringify({ ...journal, entries: level }),
  );
  for (const entry of level) {
    await copyFile(
      path.join(migrationsFolder, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  await migrate(drizzle(database.sql), { migrationsFolder: folder });
}

/**
 * An empty schema at the archive's migrations: the tables emptied when the store is already
 * there (the same migrations applied: a fresh node of the same version, much faster than
 * migrating the embedded store again), else rebuilt.
 */
async function emptyAtLevel(
  database: Database,
  manifest: BackupManifest,
  level: JournalEntry[],
  staging: string,
) {
  const applied = await appliedMigrations(database.sql);
  const same =
    applied.length === manifest.migrations.length &&
    applied.every(
      (m, i) =>
        m.createdAt === manifest.migrations[i]?.createdAt &&
        m.hash === manifest.migrations[i]?.hash,
    );
  if (!same) return rebuildSchema(database, level, staging);
  const tables = await publicTables(database.sql);
  if (tables.length === 0) return;
  await database.sql.unsafe(
    `truncate table ${tables.map((name) => quoteIdent(name)).join(', ')} restart identity cascade`,
  );
}

async function* lineBatches(file: string): AsyncGenerator<string[]> {
  const lines = createInterface({
    input: createReadStream(file).pipe(createGunzip()),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let batch: string[] = [];
  let bytes = 0;
  for await (const line of lines) {
    if (!line) continue;
    batch.push(line);
    bytes += line.length;
    if (batch.length >= LOAD_BATCH_ROWS || bytes >= LOAD_BATCH_BYTES) {
      yield batch;
      batch = [];
      bytes = 0;
    }
  }
  if (batch.length > 0) yield batch;
}

/** Every row of the archive, in one transaction; foreign keys and triggers off meanwhile. */
async function loadRows(
  database: Database,
  manifest: BackupManifest,
  staging: string,
): Promise<number> {
  return (await database.sql.begin(async (tx) => {
    const present = new Set(await publicTables(tx));
    const missing = manifest.tables.filter((t) => !present.has(t.name)).map((t) => t.name);
    if (missing.length > 0) {
      throw new BackupError(
        `Tables de la sauvegarde absentes du schéma reconstruit : ${missing.join(', ')}.`,
      );
    }
    const foreignKeys = await tx<{ tbl: string; name: string; def: string }[]>`
      select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
      from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`;
    for (const fk of foreignKeys) {
      await tx.unsafe(`alter table ${fk.tbl} drop constraint ${quoteIdent(fk.name)}`);
    }
    // Indexes that back no constraint are built once after the load rather than row by row
    // (the search's GIN index above all), as pg_restore does.
    const indexes = await tx<{ name: string; def: string }[]>`
      select i.relname as name, pg_get_indexdef(i.oid) as def
      from pg_index x join pg_class i on i.oid = x.indexrelid
      where i.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`;
    for (const index of indexes) await tx.unsafe(`drop index ${quoteIdent(index.name)}`);
    let total = 0;
    for (const table of manifest.tables) {
      const name = quoteIdent(table.name);
      const columns = await tx<{ name: string }[]>`
        select attname as name from pg_attribute
        where attrelid = ${`public.${name}`}::regclass and attnum > 0 and not attisdropped
          and attgenerated = ''
        order by attnum`;
      const list = columns.map((c) => quoteIdent(c.name)).join(', ');
      await tx.unsafe(`alter table ${name} disable trigger user`);
      let rows = 0;
      for await (const batch of lineBatches(path.join(staging, 'db', `${table.name}.ndjson.gz`))) {
        await tx.unsafe(
          `insert into ${name} (${list}) overriding system value
           select ${list} from json_populate_recordset(null::${name}, $1::json)`,
          [`[${batch.join(',')}]`],
        );
        rows += batch.length;
      }
      await tx.unsafe(`alter table ${name} enable trigger user`);
      if (rows !== table.rows) {
        throw new BackupError(
          `La table ${table.name} de l’archive a ${rows} ligne(s) au lieu de ${table.rows} : archive abîmée.`,
        );
      }
      total += rows;
    }
    for (const index of indexes) await tx.unsafe(index.def);
    for (const fk of foreignKeys) {
      await tx.unsafe(`alter table ${fk.tbl} add constraint ${quoteIdent(fk.name)} ${fk.def}`);
    }
    for (const sequence of manifest.sequences) {
      await tx`select setval(${`public.${quoteIdent(sequence.name)}`}::regclass, ${sequence.value}::bigint, ${sequence.called})`;
    }
    return total;
  })) as number;
}

/** The archive's files into the configured storage: DATA_DIR/files, or the S3 bucket. */
async function restoreFiles(config: Config, staging: string): Promise<number> {
  const from = path.join(staging, 'files');
  const files = await listFiles(from);
  if (config.files.s3) {
    // Loaded lazily: only a restore onto S3 needs the SDK.
    const { createFileStorage } = await import('../features/files/storage');
    const storage = createFileStorage(config);
    for (const file of files) {
      await storage.put(
        file.path.split(path.sep).join('/'),
        {
          path: path.join(from, file.path),
          size: file.size,
        },
        'application/octet-stream',
      );
    }
    return files.length;
  }
  const to = path.join(config.dataDir, 'files');
  await rm(to, { recursive: true, force: true });
  if (files.length > 0) await rename(from, to);
  return files.length;
}

/**
 * The archive's generated secrets into DATA_DIR, over those of the target (empty, or --force):
 * loadConfig makes a session secret and a calendar key there before anything else runs.
 */
async function restoreSecrets(config: Config, manifest: BackupManifest, staging: string) {
  const restored: string[] = [];
  for (const name of manifest.secrets) {
    if (!(SECRET_FILES as readonly string[]).includes(name)) continue;
    const to = path.join(config.dataDir, name);
    await copyFile(path.join(staging, 'secrets', name), to);
    await chmod(to, 0o600);
    restored.push(name);
  }
  return restored;
}

export async function restoreBackup(
  config: Config,
  file: string,
  options: { force?: boolean } = {},
): Promise<RestoreSummary> {
  const source = path.resolve(file);
  if (!(await stat(source).catch(() => null))?.isFile()) {
    throw new BackupError(`${source} n’existe pas ou n’est pas un fichier.`);
  }
  await refuseRunningEmbeddedStore(config);
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  // Inside DATA_DIR: the archive's files are then moved into DATA_DIR/files, not copied.
  const staging = await mkdtemp(path.join(config.dataDir, '.ruche-restore-'));
  try {
    const manifest = await readManifest(source, staging);
    const level = await archiveLevel(manifest);
    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      max: 2,
    });
    try {
      const there = await whatIsThere(config, database);
      if ((there.rows > 0 || there.files > 0) && !options.force) {
        throw new BackupError(
          `La cible n’est pas vide (${there.rows > 0 ? 'des données dans le stockage' : ''}${there.rows > 0 && there.files > 0 ? ', ' : ''}${there.files > 0 ? `${there.files} fichier(s) dans ${path.join(config.dataDir, 'files')}` : ''}) : la restauration les remplacerait. Relancez avec --force pour les remplacer.`,
        );
      }
      const phases: Record<string, number> = {};
      let mark = performance.now();
      const lap = (name: string) => {
        const now = performance.now();
        phases[name] = (now - mark) / 1000;
        mark = now;
      };
      await tar.x({ file: source, cwd: staging, strict: true });
      lap('extraction');
      await emptyAtLevel(database, manifest, level, staging);
      lap('schéma');
      const rows = await loadRows(database, manifest, staging);
      lap('lignes');
      const before = await countApplied(database.sql);
      await runMigrations(database);
      const migrated = (await countApplied(database.sql)) - before;
      await database.sql`analyze`;
      lap('migrations et ANALYZE');
      const files = manifest.files.where === 'archive' ? await restoreFiles(config, staging) : 0;
      const secrets = await restoreSecrets(config, manifest, staging);
      lap('fichiers');
      return {
        manifest,
        rows,
        files,
        migrated,
        secrets,
        phases,
        filesToS3: manifest.files.where === 'archive' && Boolean(config.files.s3),
      };
    } finally {
      await database.close();
    }
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function countApplied(sql: postgres.Sql): Promise<number> {
  const [row] = await sql<
    { n: number }[]
  >`select count(*)::int as n from drizzle.__drizzle_migrations`;
  return row?.n ?? 0;
}
