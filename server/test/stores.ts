import { accessSync, constants, cpSync, statfsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { inject } from 'vitest';

/** The PostgreSQL the tests use: the machine's own (README, CI), overridable. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/**
 * The migrated stores every test file clones: a PostgreSQL database and an embedded store's
 * files, built by global-setup.ts once per run and named after it, so that runs going on at
 * the same time on one machine never rebuild each other's templates.
 */
export interface TestTemplates {
  database: string;
  embeddedDir: string;
  /** The run's PostgreSQL databases are named from this: global-setup.ts drops them at its end. */
  databasePrefix: string;
  /** So are its test files' store folders (in STORES_DIR): the run removes what a file left. */
  storePrefix: string;
  /**
   * The server bundled to JavaScript once a run (global-setup.ts, scripts/server-bundle.mjs),
   * inside the repository, where its packages resolve. Each server a test starts forks its
   * embedded worker without tsx (0.4 s less a start), and `npm run admin` runs as its admin.js
   * (`runAdmin`): about 2 s of CPU less a command on the embedded store, 1 s on PostgreSQL.
   */
  serverBundle: string;
}

/** The run's bundled embedded store worker (`openDatabase({ embeddedWorker })`). */
export const embeddedWorkerOf = (templates: TestTemplates): string =>
  path.join(templates.serverBundle, 'embedded-worker.js');

declare module 'vitest' {
  export interface ProvidedContext {
    rucheTemplates: TestTemplates;
  }
}

/**
 * Where the test stores' files live: /dev/shm, in memory, when the machine has one with room
 * (2 GiB free; a container's default 64 MiB has not), else the temporary folder. An embedded
 * store is 1,200 files and 41 MB, copied for every test file: 0.05–0.08 s there against
 * 0.47–0.51 s on this machine's disk, and removed in 0.05–0.09 s against 0.13–0.24 s
 * (docs/performance-log.md, "2026-12-03, test stores in memory").
 */
export const STORES_DIR = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    const { bavail, bsize } = statfsSync('/dev/shm');
    return bavail * bsize >= 2 * 1024 ** 3 ? '/dev/shm' : tmpdir();
  } catch {
    return tmpdir();
  }
})();

export const TEMPLATE_PREFIX = 'ruche_test_template_';
/** Every test file's database: `ruche_test_<run>_<worker>_<random>`. */
export const DATABASE_PREFIX = 'ruche_test_';
export const EMBEDDED_TEMPLATE_PREFIX = 'ruche-test-template-';
/** Every test file's store folder: `ruche-test-<run>_<random>` in STORES_DIR. */
export const STORE_PREFIX = 'ruche-test-';
export const SERVER_BUNDLES = fileURLToPath(
  new URL('../../node_modules/.cache/ruche-test', import.meta.url),
);

export function templatesFor(runId: string): TestTemplates {
  return {
    database: `${TEMPLATE_PREFIX}${runId}`,
    embeddedDir: path.join(STORES_DIR, `${EMBEDDED_TEMPLATE_PREFIX}${runId}`),
    databasePrefix: `${DATABASE_PREFIX}${runId}_`,
    storePrefix: `${STORE_PREFIX}${runId}_`,
    serverBundle: path.join(SERVER_BUNDLES, `server-${runId}`),
  };
}

export type TestStore = 'postgres' | 'embedded';

export const currentStore = (): TestStore =>
  process.env.RUCHE_TEST_STORE === 'embedded' ? 'embedded' : 'postgres';

export function databaseUrlFor(name: string): string {
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestStoreHandle {
  /** DATABASE_URL for PostgreSQL; undefined for the embedded store. */
  databaseUrl: string | undefined;
  /** The embedded store's worker, bundled for the run (`openDatabase(store)` forks it). */
  embeddedWorker?: string;
  dataDir: string;
  drop(): Promise<void>;
}

/** A private, migrated store for one test file: a database cloned from the template, or a copy of the embedded template's files. */
export async function createTestStore(store: TestStore = currentStore()): Promise<TestStoreHandle> {
  const templates = inject('rucheTemplates');
  const dataDir = await mkdtemp(path.join(STORES_DIR, templates.storePrefix));
  if (store === 'embedded') {
    // The synchronous copy: 0.24 s for the template's 1,200 files, where fs/promises' cp took
    // 0.75–0.97 s (docs/performance-log.md, "2026-12-03, the embedded store in tests").
    cpSync(path.join(templates.embeddedDir, 'embedded'), path.join(dataDir, 'embedded'), {
      recursive: true,
    });
    return {
      databaseUrl: undefined,
      embeddedWorker: embeddedWorkerOf(templates),
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `${templates.databasePrefix}${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${templates.database}`);
  } finally {
    await admin.end();
  }
  return {
    databaseUrl: databaseUrlFor(name),
    dataDir,
    // The database stays until the run ends (global-setup.ts drops the run's together): a
    // DROP DATABASE waits for a checkpoint of the whole cluster, 0.4–4 s with other work on
    // the machine, and each test file waited for its own.
    drop: () => rm(dataDir, { recursive: true, force: true }),
  };
}
