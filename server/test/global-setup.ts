import { mkdir, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import {
  currentStore,
  DATABASE_PREFIX,
  databaseUrlFor,
  EMBEDDED_TEMPLATE_PREFIX,
  TEMPLATE_PREFIX,
  TEST_DATABASE_URL,
  type TestTemplates,
  templatesFor,
  WORKER_BUNDLES,
} from './stores';

/** Whether the run that made a template (its process id) is still going. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const deadRun = (name: string, prefix: string) => {
  const pid = Number(name.slice(prefix.length).split('_')[0]);
  return name.startsWith(prefix) && Number.isInteger(pid) && pid > 0 && !alive(pid);
};

/**
 * Drop these databases, a few at a time: each DROP DATABASE waits for a checkpoint, and drops
 * waiting together share one.
 */
async function dropDatabases(admin: postgres.Sql, names: string[]): Promise<void> {
  const queue = [...names];
  const dropNext = async (): Promise<void> => {
    for (let name = queue.shift(); name; name = queue.shift()) {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, dropNext));
}

/**
 * The embedded store's worker as one JavaScript file (its packages left to node_modules, as
 * scripts/build-server.mjs does), so that every server a test starts forks it without tsx.
 * Bundles left by runs that died are swept away.
 */
async function bundleWorker(outfile: string): Promise<void> {
  await mkdir(WORKER_BUNDLES, { recursive: true });
  for (const name of await readdir(WORKER_BUNDLES)) {
    if (deadRun(name.replace(/\.mjs$/, ''), 'embedded-worker-'))
      await rm(path.join(WORKER_BUNDLES, name), { force: true });
  }
  await build({
    entryPoints: [fileURLToPath(new URL('../src/db/embedded-worker.ts', import.meta.url))],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    logLevel: 'warning',
  });
}

/**
 * Migrate one template per run and store; every test file then clones it in milliseconds.
 * Templates and test files' databases are named after the run: the run drops its own when it
 * ends, and those of runs that died are swept away.
 */
async function prepare(store: string, templates: TestTemplates): Promise<() => Promise<void>> {
  if (store === 'embedded') {
    for (const name of await readdir(tmpdir())) {
      if (deadRun(name, EMBEDDED_TEMPLATE_PREFIX)) {
        await rm(path.join(tmpdir(), name), { recursive: true, force: true });
      }
    }
    await rm(templates.embeddedDir, { recursive: true, force: true });
    await bundleWorker(templates.embeddedWorker);
    const database = await openDatabase({
      dataDir: templates.embeddedDir,
      embeddedWorker: templates.embeddedWorker,
    });
    await runMigrations(database);
    await database.close();
    return async () => {
      await rm(templates.embeddedDir, { recursive: true, force: true });
      await rm(templates.embeddedWorker, { force: true });
    };
  }

  const admin = postgres(TEST_DATABASE_URL, { max: 4, onnotice: () => {} });
  try {
    const existing = await admin<{ datname: string }[]>`
      select datname from pg_database where starts_with(datname, ${DATABASE_PREFIX})`;
    const isTemplate = (name: string) => name.startsWith(TEMPLATE_PREFIX);
    await dropDatabases(
      admin,
      existing
        .map(({ datname }) => datname)
        .filter((name) =>
          isTemplate(name) ? deadRun(name, TEMPLATE_PREFIX) : deadRun(name, DATABASE_PREFIX),
        ),
    );
    await admin.unsafe(`drop database if exists ${templates.database} with (force)`);
    await admin.unsafe(`create database ${templates.database}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(templates.database),
    dataDir: templates.embeddedDir,
  });
  await runMigrations(database);
  await database.close();
  return async () => {
    const a = postgres(TEST_DATABASE_URL, { max: 4, onnotice: () => {} });
    try {
      const ours = await a<{ datname: string }[]>`
        select datname from pg_database where starts_with(datname, ${templates.databasePrefix})`;
      await dropDatabases(a, [...ours.map(({ datname }) => datname), templates.database]);
    } finally {
      await a.end();
    }
  };
}

/**
 * A store's template, shared by the projects of that store (`server-postgres` and
 * `server-postgres-isolated`, vitest.config.ts): made by the first to start, dropped when the
 * last ends. On globalThis: Vitest may load this module once per project.
 */
interface Shared {
  ready: Promise<() => Promise<void>>;
  users: number;
}
const holder = globalThis as { rucheTemplates?: Map<string, Shared> };
holder.rucheTemplates ??= new Map();
const shared = holder.rucheTemplates;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const store = String(project.config.env?.RUCHE_TEST_STORE ?? currentStore());
  const templates = templatesFor(String(process.pid));
  project.provide('rucheTemplates', templates);
  let entry = shared.get(store);
  if (!entry) {
    entry = { ready: prepare(store, templates), users: 0 };
    shared.set(store, entry);
  }
  entry.users += 1;
  const teardown = await entry.ready;
  return async () => {
    const current = shared.get(store);
    if (!current) return;
    current.users -= 1;
    if (current.users > 0) return;
    shared.delete(store);
    await teardown();
  };
}
