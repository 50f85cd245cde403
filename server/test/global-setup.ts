import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../../scripts/server-bundle.mjs';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import {
  currentStore,
  DATABASE_PREFIX,
  databaseUrlFor,
  EMBEDDED_TEMPLATE_PREFIX,
  embeddedWorkerOf,
  SERVER_BUNDLES,
  STORE_PREFIX,
  STORES_DIR,
  TEMPLATE_PREFIX,
  TEST_DATABASE_URL,
  type TestTemplates,
  templatesFor,
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
 * The server as JavaScript files (scripts/server-bundle.mjs, as `npm run build` makes
 * dist/server), so that every server a test starts forks its embedded worker, and every
 * `npm run admin` a test types runs, without tsx. A `package.json` makes its `.js` modules
 * ES modules (node_modules has no package scope of its own). Bundles left by runs that died
 * are swept away.
 */
async function bundleServerForRun(templates: TestTemplates): Promise<() => Promise<void>> {
  await mkdir(SERVER_BUNDLES, { recursive: true });
  for (const name of await readdir(SERVER_BUNDLES)) {
    const run = name.replace(/\.mjs$/, '');
    if (deadRun(run, 'server-') || deadRun(run, 'embedded-worker-'))
      await rm(path.join(SERVER_BUNDLES, name), { recursive: true, force: true });
  }
  // Embedded templates and test files' stores that runs which died left behind (in memory,
  // when STORES_DIR is). The bundle is made before any template.
  for (const name of await readdir(STORES_DIR)) {
    if (deadRun(name, EMBEDDED_TEMPLATE_PREFIX) || deadRun(name, STORE_PREFIX))
      await rm(path.join(STORES_DIR, name), { recursive: true, force: true });
  }
  await rm(templates.serverBundle, { recursive: true, force: true });
  await bundleServer(templates.serverBundle, { sourcemap: false });
  await writeFile(path.join(templates.serverBundle, 'package.json'), '{ "type": "module" }\n');
  return async () => {
    await rm(templates.serverBundle, { recursive: true, force: true });
    // What a test file that failed before its end left.
    const prefix = path.basename(templates.storePrefix);
    for (const name of await readdir(STORES_DIR)) {
      if (name.startsWith(prefix))
        await rm(path.join(STORES_DIR, name), { recursive: true, force: true });
    }
  };
}

/**
 * Migrate one template per run and store; every test file then clones it in milliseconds.
 * Templates and test files' databases are named after the run: the run drops its own when it
 * ends, and those of runs that died are swept away.
 */
async function prepare(store: string, templates: TestTemplates): Promise<() => Promise<void>> {
  if (store === 'embedded') {
    await rm(templates.embeddedDir, { recursive: true, force: true });
    const database = await openDatabase({
      dataDir: templates.embeddedDir,
      embeddedWorker: embeddedWorkerOf(templates),
    });
    await runMigrations(database);
    await database.close();
    return () => rm(templates.embeddedDir, { recursive: true, force: true });
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
 * What the projects of a run share: the server's bundle, and a store's template, shared by the
 * projects of that store (`server-postgres` and `server-postgres-isolated`, vitest.config.ts).
 * Made by the first to start, removed when the last ends. On globalThis: Vitest may load this
 * module once per project.
 */
interface Shared {
  ready: Promise<() => Promise<void>>;
  users: number;
}
const holder = globalThis as { rucheTemplates?: Map<string, Shared> };
holder.rucheTemplates ??= new Map();
const shared = holder.rucheTemplates;

/** Take a share of `key`, made by `make` for the first taker; the returned function gives it back. */
async function acquire(
  key: string,
  make: () => Promise<() => Promise<void>>,
): Promise<() => Promise<void>> {
  let entry = shared.get(key);
  if (!entry) {
    entry = { ready: make(), users: 0 };
    shared.set(key, entry);
  }
  entry.users += 1;
  const teardown = await entry.ready;
  return async () => {
    const current = shared.get(key);
    if (!current) return;
    current.users -= 1;
    if (current.users > 0) return;
    shared.delete(key);
    await teardown();
  };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const store = String(project.config.env?.RUCHE_TEST_STORE ?? currentStore());
  const templates = templatesFor(String(process.pid));
  project.provide('rucheTemplates', templates);
  // The embedded template is migrated through the bundle's worker: the bundle comes first.
  const releaseBundle = await acquire('server-bundle', () => bundleServerForRun(templates));
  const releaseStore = await acquire(store, () => prepare(store, templates));
  return async () => {
    await releaseStore();
    await releaseBundle();
  };
}
