// How long `npm run admin -- import` takes for a large export (docs/performance.md,
// "Import from Slack and Mattermost"). Generates a Slack export zip and a Mattermost bulk
// export with MESSAGES messages (server/test/import-exports.ts: threads every 10th message,
// a reaction every 5th, a link and a mention in each), then times the command an operator
// runs, into a new PostgreSQL database and into a new embedded store; then runs it again on
// each (everything already there: the cost of a rerun after an interruption).
// Usage: node --import tsx bench/import/run.mjs [messages=100000] [channels=20]
// Needs the machine's PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { createUser } from '../../server/src/auth/users.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { buildMattermostExport, buildSlackExport } from '../../server/test/import-exports.ts';

const [messages = 100_000, channels = 20] = process.argv.slice(2).map(Number);
const root = path.resolve(import.meta.dirname, '../..');
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const urlOf = (name) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const work = mkdtempSync(path.join(tmpdir(), 'ruche-import-bench-'));
const server = postgres(base.toString(), { max: 1, onnotice: () => {} });

function admin(dataDir, databaseUrl, ...args) {
  const started = performance.now();
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', DEFAULT_CHANNEL: '' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const out = execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['server/src/admin.ts', ...args],
    {
      cwd: root,
      env,
      encoding: 'utf8',
    },
  );
  return { seconds: (performance.now() - started) / 1000, out };
}

const rows = [];
try {
  const slack = path.join(work, 'slack.zip');
  const mattermost = path.join(work, 'mattermost.jsonl');
  let started = performance.now();
  await buildSlackExport(slack, {
    existingEmail: 'alice@ruche.test',
    extra: messages,
    extraChannels: channels,
  });
  console.log(
    `Slack export: ${(statSync(slack).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  started = performance.now();
  // Replies every 10th post come on top: messages posts make 1.1 × messages messages.
  await buildMattermostExport(mattermost, {
    existingEmail: 'alice@ruche.test',
    extra: Math.round(messages / 1.1),
    zip: false,
  });
  console.log(
    `Mattermost export: ${(statSync(mattermost).size / 1e6).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  for (const [source, file] of [
    ['slack', slack],
    ['mattermost', mattermost],
  ]) {
    for (const store of ['postgres', 'embedded']) {
      const dataDir = mkdtempSync(path.join(work, `${source}-${store}-`));
      let databaseUrl;
      const name = `ruche_bench_import_${source}_${process.pid}`;
      if (store === 'postgres') {
        await server.unsafe(`drop database if exists ${name} with (force)`);
        await server.unsafe(`create database ${name}`);
        databaseUrl = urlOf(name);
      }
      // An empty instance, migrated, with its administrator (the import needs one).
      const database = await openDatabase({ databaseUrl, dataDir });
      await runMigrations(database);
      await createUser(database.db, { email: 'admin@ruche.test', isAdmin: true });
      await database.close();
      const first = admin(dataDir, databaseUrl, 'import', source, file);
      const imported = /Messages : (\d+) importé/.exec(first.out)?.[1];
      const again = admin(dataDir, databaseUrl, 'import', source, file);
      const already = /(\d+) déjà importé\(s\)\.\n {2}Réactions/.exec(again.out)?.[1];
      rows.push({ source, store, imported, first: first.seconds, already, again: again.seconds });
      console.log(first.out.trim());
      if (store === 'postgres') await server.unsafe(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  console.log('\n| export | store | messages | first run | rate | second run (nothing new) |');
  console.log('| --- | --- | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.source} | ${r.store} | ${r.imported} | ${r.first.toFixed(1)} s | ${Math.round(Number(r.imported) / r.first)} messages/s | ${r.again.toFixed(1)} s (${r.already} already there) |`,
    );
  }
} finally {
  await server.end();
  rmSync(work, { recursive: true, force: true });
}
