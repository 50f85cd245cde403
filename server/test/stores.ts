import { cpSync } from 'node:fs';
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
  /**
   * The embedded store's worker bundled to JavaScript once a run (global-setup.ts), so that
   * each server started forks it without tsx: 0.4 s less a start. Inside the repository, where
   * its packages resolve.
   */
  embeddedWorker: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    rucheTemplates: TestTemplates;
  }
}

export const TEMPLATE_PREFIX = 'ruche_test_template_';
/** Every test file's database: `ruche_test_<run>_<worker>_<random>`. */
export const DATABASE_PREFIX = 'ruche_test_';
export const EMBEDDED_TEMPLATE_PREFIX = 'ruche-test-template-';
export const WORKER_BUNDLES = fileURLToPath(
  new URL('../../node_modules/.cache/ruche-test', import.meta.url),
);

export function templatesFor(runId: string): TestTemplates {
  return {
    database: `${TEMPLATE_PREFIX}${runId}`,
    embeddedDir: path.join(tmpdir(), `${EMBEDDED_TEMPLATE_PREFIX}${runId}`),
    databasePrefix: `${DATABASE_PREFIX}${runId}_`,
    embeddedWorker: path.join(WORKER_BUNDLES, `embedded-worker-${runId}.mjs`),
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
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-test-'));
  if (store === 'embedded') {
    // The synchronous copy: 0.24 s for the template's 1,200 files, where fs/promises' cp took
    // 0.75–0.97 s (docs/performance-log.md, "2026-12-03, the embedded store in tests").
    cpSync(path.join(templates.embeddedDir, 'embedded'), path.join(dataDir, 'embedded'), {
      recursive: true,
    });
    return {
      databaseUrl: undefined,
      embeddedWorker: templates.embeddedWorker,
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
