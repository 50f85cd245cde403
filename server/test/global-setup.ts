import { rm } from 'node:fs/promises';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import {
  currentStore,
  databaseUrlFor,
  EMBEDDED_TEMPLATE_DIR,
  TEMPLATE_DATABASE,
  TEST_DATABASE_URL,
} from './stores';

/** Migrate one template per run; every test file then clones it in milliseconds. */
export default async function setup(project: TestProject): Promise<void> {
  const store = project.config.env?.RUCHE_TEST_STORE ?? currentStore();
  if (store === 'embedded') {
    await rm(EMBEDDED_TEMPLATE_DIR, { recursive: true, force: true });
    const database = await openDatabase({ dataDir: EMBEDDED_TEMPLATE_DIR });
    await runMigrations(database);
    await database.close();
    return;
  }
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${TEMPLATE_DATABASE} with (force)`);
    await admin.unsafe(`create database ${TEMPLATE_DATABASE}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    databaseUrl: databaseUrlFor(TEMPLATE_DATABASE),
    dataDir: EMBEDDED_TEMPLATE_DIR,
  });
  await runMigrations(database);
  await database.close();
}
