// Diagnostic: Ruche's per-message SQL without HTTP, the hub or the server's event loop.
// 50 lanes, each its own user and channel, send through the same statements the server
// runs for POST /api/channels/:id/messages (the session look-up of every /api request,
// then the one-statement seq + insert of features/messages/send.ts), on a fresh database.
//   node --import tsx bench/diag/send-sql.mjs --url postgres://postgres@127.0.0.1:5432/test
//        [--lanes 50] [--duration 12000] [--store embedded] [--drop-index messages_content_fts_idx]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { hashToken, resolveSession } from '../../server/src/auth/sessions.ts';
import { loadConfig } from '../../server/src/config.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { sendMessage } from '../../server/src/features/messages/send.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    store: { type: 'string', default: 'postgres' },
    lanes: { type: 'string', default: '50' },
    duration: { type: 'string', default: '12000' },
    // What-if: drop an index or skip the sender's read mark, to price them.
    'drop-index': { type: 'string' },
  },
});
const lanes = Number(values.lanes);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rbd-'));
const dbName = `ruche_bench_diag_${process.pid}`;
let url;
if (values.store === 'postgres') {
  const postgres = (await import('postgres')).default;
  const admin = postgres(values.url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${dbName}`);
  await admin.end();
  const u = new URL(values.url);
  u.pathname = `/${dbName}`;
  url = u.toString();
}
const config = loadConfig({
  DATA_DIR: dataDir,
  SESSION_SECRET: 'x'.repeat(40),
  ...(url ? { DATABASE_URL: url } : {}),
});
const database = await openDatabase({ databaseUrl: url, dataDir });
try {
  await runMigrations(database);
  const { sql, db } = database;
  if (values['drop-index']) await sql.unsafe(`drop index ${values['drop-index']}`);
  const users =
    await sql`insert into users ${sql(Array.from({ length: lanes }, (_, i) => ({ email: `d${i}@x.example.com`, first_name: `D${i}` })))} returning *`;
  const tokens = users.map(() => randomBytes(32).toString('base64url'));
  await sql`insert into sessions ${sql(users.map((u, i) => ({ sid: hashToken(tokens[i]), sess: JSON.stringify({ userId: u.id, createdAt: new Date().toISOString() }), expire: new Date(Date.now() + 864e5 * 30).toISOString() })))}`;
  const channels =
    await sql`insert into channels ${sql(users.map((u, i) => ({ name: `c${i}`, type: 'channel', created_by_id: u.id })))} returning id`;
  await sql`insert into channel_members ${sql(users.map((u, i) => ({ channel_id: channels[i].id, user_id: u.id, role: 'owner' })))}`;
  const deps = {
    db,
    realtime: { toTopic: async () => {} },
    events: { publish() {} },
    log: console,
  };
  await sql`create table bench_insert (id uuid primary key default gen_random_uuid(),
    channel_id uuid not null, content text not null, created_at timestamptz not null default now())`;
  // The variants take turns in 500 ms slices, so that the machine's noise hits them alike.
  const variants = {
    'bare INSERT': async (i, n) => {
      await sql`insert into bench_insert (channel_id, content) values (${channels[i].id}, ${`diag ${n}`})`;
    },
    'send statement': async (i, n, user) => {
      await sendMessage(deps, { id: user.id }, channels[i].id, {
        content: `diag ${n}`,
        clientId: `c${n}`,
        attachments: [],
        mentions: [],
      });
    },
    'session + send': async (i, n) => {
      const user = (await resolveSession(db, config, tokens[i])).user;
      await sendMessage(deps, { id: user.id }, channels[i].id, {
        content: `diag ${n}`,
        clientId: `c${n}`,
        attachments: [],
        mentions: [],
      });
    },
    'session only': async (i) => {
      await resolveSession(db, config, tokens[i]);
    },
  };
  const names = Object.keys(variants);
  const done = Object.fromEntries(names.map((k) => [k, 0]));
  const time = Object.fromEntries(names.map((k) => [k, 0]));
  const cpu = Object.fromEntries(names.map((k) => [k, 0]));
  let cpuStart = process.cpuUsage();
  let n = 0;
  const started = performance.now();
  const deadline = started + Number(values.duration);
  let current = names[0];
  let sliceStart = performance.now();
  const endSlice = () => {
    time[current] += performance.now() - sliceStart;
    const used = process.cpuUsage(cpuStart);
    cpu[current] += (used.user + used.system) / 1000;
    cpuStart = process.cpuUsage();
  };
  const switcher = setInterval(() => {
    endSlice();
    current = names[(names.indexOf(current) + 1) % names.length];
    sliceStart = performance.now();
  }, 500);
  await Promise.all(
    users.map(async (_u, i) => {
      const once = (await resolveSession(db, config, tokens[i])).user;
      while (performance.now() < deadline) {
        const v = current;
        await variants[v](i, n++, once);
        if (v === current) done[v]++;
      }
    }),
  );
  clearInterval(switcher);
  endSlice();
  for (const k of names) {
    const perSec = Math.round(done[k] / (time[k] / 1000));
    const nodeUs = Math.round((cpu[k] * 1000) / done[k]);
    console.log(
      `${k.padEnd(16)} ${perSec}/s   node CPU ${nodeUs} µs/op   node cores ${(cpu[k] / time[k]).toFixed(2)}`,
    );
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (url) {
    const postgres = (await import('postgres')).default;
    const admin = postgres(values.url, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}
