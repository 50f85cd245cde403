import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/** The PostgreSQL the tests use: the machine's own (README, CI), overridable. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const TEMPLATE_DATABASE = 'ruche_test_template';
/** Built once per run by global-setup.ts: an embedded store with every migration applied. */
export const EMBEDDED_TEMPLATE_DIR = path.join(tmpdir(), 'ruche-test-template');

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
  dataDir: string;
  drop(): Promise<void>;
}

/** A private, migrated store for one test file: a database cloned from the template, or a copy of the embedded template's files. */
export async function createTestStore(store: TestStore = currentStore()): Promise<TestStoreHandle> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-test-'));
  if (store === 'embedded') {
    await cp(path.join(EMBEDDED_TEMPLATE_DIR, 'embedded'), path.join(dataDir, 'embedded'), {
      recursive: true,
    });
    return {
      databaseUrl: undefined,
      dataDir,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `ruche_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name} template ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  return {
    databaseUrl: databaseUrlFor(name),
    dataDir,
    async drop() {
      const a = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        await a.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await a.end();
      }
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
