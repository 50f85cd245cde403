// Ceiling: a bare single-row INSERT loop through the project's own openDatabase()
// (server/src/db/client.ts: postgres.js, same pool size and options as the server), against
// PostgreSQL or the embedded store. `lanes` concurrent loops, each awaiting its INSERT
// before the next one, for `duration` ms; rows are counted in the table at the end.
//   node --import tsx bench/ceilings/bare-insert.mjs --store postgres --url postgres://... \
//        [--lanes 50] [--duration 8000]          (prints one JSON line)
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/client.ts';

const { values } = parseArgs({
  options: {
    store: { type: 'string', default: 'postgres' },
    url: { type: 'string' },
    lanes: { type: 'string', default: '50' },
    duration: { type: 'string', default: '8000' },
  },
});
const lanes = Number(values.lanes);
const durationMs = Number(values.duration);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rbi-'));

const database = await openDatabase({
  databaseUrl: values.store === 'postgres' ? values.url : undefined,
  dataDir,
});
const { sql } = database;
try {
  await sql`drop table if exists bench_insert`;
  await sql`create table bench_insert (
    id uuid primary key default gen_random_uuid(),
    channel_id uuid not null,
    content text not null,
    created_at timestamptz not null default now()
  )`;
  const channels = Array.from({ length: lanes }, () => randomUUID());
  // Warm the pool's connections before the clock starts.
  await Promise.all(channels.map(() => sql`select 1`));
  let acks = 0;
  let errors = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    channels.map(async (channelId, lane) => {
      let n = 0;
      while (performance.now() < deadline) {
        try {
          await sql`insert into bench_insert (channel_id, content) values (${channelId}, ${`lane ${lane} message ${n++} ${'x'.repeat(40)}`})`;
          acks++;
        } catch {
          errors++;
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const [{ count }] = await sql`select count(*)::int as count from bench_insert`;
  await sql`drop table bench_insert`;
  process.stdout.write(
    `${JSON.stringify({ store: database.kind, lanes, seconds, rows: count, acks, errors, perSecond: count / seconds })}\n`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
