// How long `npm run admin -- backup` and `restore` take for a given size (docs/operations.md,
// "Backups and restore"). Makes a PostgreSQL database with MESSAGES messages (written in the
// store directly, as generate_series rows: no API), FILES files of FILE_KB each in DATA_DIR/files,
// then times, with the CLI an operator runs:
//   1. backup of PostgreSQL,  2. restore into an empty PostgreSQL database,
//   3. restore of that archive into a new embedded store, 4. backup of the embedded store,
//   5. restore of it into another new embedded store.
// Usage: node bench/backup/run.mjs [messages=100000] [files=100] [fileKb=1024]
// Needs the machine's PostgreSQL (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

const [messages = 100_000, files = 100, fileKb = 1024] = process.argv.slice(2).map(Number);
const root = path.resolve(import.meta.dirname, '../..');
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const urlOf = (name) => Object.assign(new URL(base), { pathname: `/${name}` }).toString();
const work = mkdtempSync(path.join(tmpdir(), 'ruche-backup-bench-'));
const names = {
  src: `ruche_bench_backup_src_${process.pid}`,
  dst: `ruche_bench_backup_dst_${process.pid}`,
  pg: `ruche_bench_backup_pg_${process.pid}`,
};
const server = postgres(base.toString(), { max: 1, onnotice: () => {} });

function admin(dataDir, databaseUrl, ...args) {
  const started = performance.now();
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  else delete env.DATABASE_URL;
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const out = execFileSync(tsx, ['server/src/admin.ts', ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return { seconds: (performance.now() - started) / 1000, out };
}

const report = [];
const step = (label, result, extra = '') => {
  report.push(`${label.padEnd(44)} ${result.seconds.toFixed(1).padStart(6)} s ${extra}`);
  process.stdout.write(`${report.at(-1)}\n${result.out.replace(/^/gm, '    ')}`);
};

try {
  for (const name of [names.src, names.dst]) await server.unsafe(`create database ${name}`);
  const srcDir = path.join(work, 'src');
  admin(srcDir, urlOf(names.src), 'migrate');
  const src = postgres(urlOf(names.src), { max: 1, onnotice: () => {} });
  const channels = 20;
  await src.unsafe(`
    insert into users (email, first_name, last_name)
      select 'personne' || i || '@ruche.test', 'Prénom' || i, 'Nom' || i from generate_series(1, 50) i;
    insert into channels (name, type, last_seq)
      select 'canal-' || i, 'channel', 0 from generate_series(1, ${channels}) i;
    insert into channel_members (channel_id, user_id, role)
      select c.id, u.id, 'member' from channels c cross join users u;
    with c as (select id, row_number() over (order by name) - 1 as n from channels),
         u as (select id, row_number() over (order by email) - 1 as n from users)
    insert into messages (channel_id, user_id, content, seq, created_at)
      select c.id, u.id,
        'Message ' || i || ' : on se retrouve à la réunion de jeudi pour parler du projet, '
          || md5(i::text) || ' — merci !',
        i / ${channels} + 1, now() - (${messages} - i) * interval '1 second'
      from generate_series(0, ${messages} - 1) i
      join c on c.n = i % ${channels} join u on u.n = i % 50;
    update channels set last_seq = (select max(seq) from messages where channel_id = channels.id);
    analyze;`);
  const [{ size }] = await src`select pg_size_pretty(pg_database_size(current_database())) as size`;
  await src.end();
  mkdirSync(path.join(srcDir, 'files', '00000000-0000-0000-0000-000000000000'), {
    recursive: true,
  });
  for (let i = 0; i < files; i++) {
    writeFileSync(
      path.join(
        srcDir,
        'files',
        '00000000-0000-0000-0000-000000000000',
        randomBytes(16).toString('hex'),
      ),
      randomBytes(fileKb * 1024),
    );
  }
  process.stdout.write(
    `${messages} messages (database ${size}), ${files} files of ${fileKb} KiB\n`,
  );

  const archive = path.join(work, 'pg.tar');
  const b1 = admin(srcDir, urlOf(names.src), 'backup', archive);
  step('backup, PostgreSQL', b1, `(${(statSync(archive).size / 1024 / 1024).toFixed(0)} MiB)`);
  step(
    'restore into an empty PostgreSQL database',
    admin(path.join(work, 'dst'), urlOf(names.dst), 'restore', archive),
  );
  step(
    'restore into a new embedded store',
    admin(path.join(work, 'e1'), undefined, 'restore', archive),
  );
  const archive2 = path.join(work, 'embedded.tar');
  step('backup, embedded store', admin(path.join(work, 'e1'), undefined, 'backup', archive2));
  step(
    'restore into another new embedded store',
    admin(path.join(work, 'e2'), undefined, 'restore', archive2),
  );
  // For comparison, PostgreSQL's own tools on the same database, where installed.
  const timed = (command, args) => {
    const started = performance.now();
    execFileSync(command, args, { stdio: 'ignore' });
    return { seconds: (performance.now() - started) / 1000, out: '' };
  };
  try {
    const dump = path.join(work, 'pg.dump');
    step('pg_dump -Fc (database only)', timed('pg_dump', ['-Fc', '-f', dump, urlOf(names.src)]));
    await server.unsafe(`create database ${names.pg}`);
    step(
      'pg_restore into an empty database',
      timed('pg_restore', ['--no-owner', '-d', urlOf(names.pg), dump]),
    );
  } catch (error) {
    process.stdout.write(`pg_dump / pg_restore not run: ${error.message}\n`);
  }
  process.stdout.write(`\n${report.join('\n')}\n`);
} finally {
  for (const name of Object.values(names)) {
    await server.unsafe(`drop database if exists ${name}`).catch(() => {});
  }
  await server.end();
  rmSync(work, { recursive: true, force: true });
}
