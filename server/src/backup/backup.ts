/**
 * `npm run admin -- backup <file>`: the store's rows in one consistent snapshot (a REPEATABLE
 * READ, READ ONLY transaction: what pg_dump itself does), the node's generated secrets and
 * DATA_DIR/files in one tar archive (format.ts). Written by the app rather than by pg_dump:
 * the same code and format for PostgreSQL and the embedded store, no PostgreSQL client of the
 * server's major version to install beside the image, and a restore that can load an older
 * archive into a newer Ruche (restore.ts). docs/operations.md, "Backups and restore".
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import {
  chmod,
  copyFile,
  mkdir,
  mkdtemp,
  readdir,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import * as tar from 'tar';
import type { Config } from '../config';
import { openDatabase } from '../db/client';
import {
  appliedMigrations,
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  type BackupManifest,
  MANIFEST_NAME,
  publicSequences,
  publicTables,
  quoteIdent,
  S3_NOTE_NAME,
  SECRET_FILES,
} from './format';

/** Rows fetched at a time from the store while dumping a table. */
const DUMP_BATCH_ROWS = 2000;

export interface BackupSummary {
  file: string;
  manifest: BackupManifest;
  bytes: number;
}

/**
 * Whether a node runs on this DATA_DIR's embedded store: its socket answers. One process
 * owns an embedded store; a second PGlite on the same files would damage them.
 */
export async function embeddedStoreInUse(dataDir: string): Promise<boolean> {
  const socketPath = path.join(dataDir, 'embedded', '.s.PGSQL.5432');
  return new Promise((resolve) => {
    const socket = net.connect(socketPath);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export async function refuseRunningEmbeddedStore(config: Config): Promise<void> {
  if (!config.databaseUrl && (await embeddedStoreInUse(config.dataDir))) {
    throw new BackupError(
      `Un serveur Ruche utilise le stockage intégré de ${config.dataDir} : arrêtez-le d’abord (un seul processus ouvre ce stockage).`,
    );
  }
}

/** Every file under `dir`, as paths relative to it (none when it does not exist). */
export async function listFiles(dir: string): Promise<{ path: string; size: number }[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    },
  );
  const files: { path: string; size: number }[] = [];
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    files.push({ path: path.relative(dir, full), size: (await stat(full)).size });
  }
  return files;
}

async function dumpStore(
  config: Config,
  staging: string,
): Promise<Omit<BackupManifest, 'files' | 'secrets' | 'createdAt'>> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    max: 2,
  });
  try {
    await mkdir(path.join(staging, 'db'));
    return (await database.sql.begin('isolation level repeatable read read only', async (tx) => {
      const [version] = await tx<{ version: string }[]>`select version()`;
      const migrations = await appliedMigrations(tx);
      if (migrations.length === 0) {
        throw new BackupError(
          'Ce stockage n’a jamais été migré : rien à sauvegarder (démarrez Ruche une fois, ou npm run admin -- migrate).',
        );
      }
      const tables: BackupManifest['tables'] = [];
      for (const name of await publicTables(tx)) {
        const gzip = createGzip();
        const out = createWriteStream(path.join(staging, 'db', `${name}.ndjson.gz`), {
          mode: 0o600,
        });
        gzip.pipe(out);
        let rows = 0;
        const cursor = tx
          .unsafe<{ r: string }[]>(
            `select row_to_json(t)::text as r from only ${quoteIdent(name)} t`,
          )
          .cursor(DUMP_BATCH_ROWS);
        for await (const batch of cursor) {
          rows += batch.length;
          if (!gzip.write(`${batch.map((row) => row.r).join('\n')}\n`)) await once(gzip, 'drain');
        }
        gzip.end();
        await finished(out);
        tables.push({ name, rows });
      }
      const sequences: BackupManifest['sequences'] = [];
      for (const name of await publicSequences(tx)) {
        const [state] = await tx.unsafe<{ value: string; called: boolean }[]>(
          `select last_value::text as value, is_called as called from ${quoteIdent(name)}`,
        );
        if (state) sequences.push({ name, ...state });
      }
      return {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        store: database.kind,
        serverVersion: version?.version ?? '',
        migrations,
        tables,
        sequences,
      };
    })) as Omit<BackupManifest, 'files' | 'secrets' | 'createdAt'>;
  } finally {
    await database.close();
  }
}

export async function createBackup(
  config: Config,
  file: string,
  options: { force?: boolean } = {},
): Promise<BackupSummary> {
  const target = path.resolve(file);
  const exists = await stat(target).then(
    () => true,
    () => false,
  );
  if (exists && !options.force) {
    throw new BackupError(
      `${target} existe déjà : choisissez un autre nom, ou ajoutez --force pour le remplacer.`,
    );
  }
  await refuseRunningEmbeddedStore(config);
  await mkdir(path.dirname(target), { recursive: true });
  // Beside the archive: its room is the room the archive needs anyway.
  const staging = await mkdtemp(path.join(path.dirname(target), '.ruche-backup-'));
  const partial = `${target}.partial`;
  try {
    const createdAt = new Date().toISOString();
    const dumped = await dumpStore(config, staging);
    // After the snapshot: a file uploaded meanwhile is copied without its row (harmless); one
    // deleted meanwhile may be missing from the archive.
    const filesDir = path.join(config.dataDir, 'files');
    const s3 = config.files.s3;
    const diskFiles = s3 ? [] : await listFiles(filesDir);
    const secrets: string[] = [];
    await mkdir(path.join(staging, 'secrets'), { mode: 0o700 });
    for (const name of SECRET_FILES) {
      try {
        await copyFile(path.join(config.dataDir, name), path.join(staging, 'secrets', name));
        secrets.push(name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
    }
    const manifest: BackupManifest = {
      ...dumped,
      createdAt,
      files: s3
        ? { where: 's3', endpoint: s3.endpoint, bucket: s3.bucket }
        : {
            where: 'archive',
            count: diskFiles.length,
            bytes: diskFiles.reduce((sum, f) => sum + f.size, 0),
          },
      secrets,
    };
    await writeFile(path.join(staging, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = [MANIFEST_NAME, 'db'];
    if (secrets.length > 0) entries.push('secrets');
    if (s3) {
      await writeFile(
        path.join(staging, S3_NOTE_NAME),
        `Les fichiers partagés de cette instance sont dans le seau S3 « ${s3.bucket} » (${s3.endpoint}) :\n` +
          'ils ne sont pas dans cette archive. Sauvegardez ce seau avec les outils de votre stockage S3\n' +
          '(versionnement, réplication, rclone, mc mirror…) et restaurez-le avant cette archive.\n',
      );
      entries.push(S3_NOTE_NAME);
    }
    await rm(partial, { force: true });
    await tar.c({ file: partial, cwd: staging, portable: true }, entries);
    if (diskFiles.length > 0) {
      await tar.r({ file: partial, cwd: config.dataDir, portable: true }, ['files']);
    }
    await chmod(partial, 0o600);
    await rename(partial, target);
    return { file: target, manifest, bytes: (await stat(target)).size };
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}
