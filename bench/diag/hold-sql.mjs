// Diagnostic: what holding notifications costs (docs/notifications.md, « Droit à la
// déconnexion »): one channel of N members, each message notifying every one of them (a
// mention of @channel makes N items at once: the largest batch the hold policy is asked for),
// at a moment all of them are outside their working hours (Friday 19:00 in Paris), so every
// item is held. Reports per message the median and p95 of notifyMessage + send with the hold
// policy, and without it (the same statements, policy not registered), sequential as the server
// runs them per channel, a message with and one without in turn.
//   node --import tsx bench/diag/hold-sql.mjs [--url postgres://postgres@127.0.0.1:5432/test]
//        [--members 1000] [--messages 50] [--store embedded] [--own 100]
// --own K: K of the members have a week of their own, a zone and a time off (distinct
// schedules: the policy computes each distinct schedule once).
import { rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { holdPolicy } from '../../server/src/features/disconnect/holding.ts';
import { sendMessage } from '../../server/src/features/messages/send.ts';
import { notifyMessage } from '../../server/src/features/notifications/create.ts';
import * as delivery from '../../server/src/features/notifications/deliver.ts';
import { createDatabase, dropDatabase, tempDir } from '../lib/servers.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    store: { type: 'string', default: 'postgres' },
    members: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '50' },
    own: { type: 'string', default: '0' },
  },
});
const members = Number(values.members);
const messages = Number(values.messages);
const own = Number(values.own);
const dataDir = tempDir('rbh-');
const dbName = `ruche_bench_hold_${process.pid}`;
const url = values.store === 'postgres' ? await createDatabase(values.url, dbName) : undefined;
const FRIDAY_EVENING = new Date('2026-12-04T18:00:00Z');

const database = await openDatabase({ databaseUrl: url, dataDir });
try {
  await runMigrations(database);
  const { sql, db } = database;
  const users =
    await sql`insert into users ${sql(Array.from({ length: members }, (_, i) => ({ email: `h${i}@x.example.com`, first_name: `H${i}` })))} returning id`;
  const [channel] =
    await sql`insert into channels ${sql({ name: 'grand', type: 'channel', created_by_id: users[0].id })} returning id`;
  await sql`insert into channel_members ${sql(users.map((u, i) => ({ channel_id: channel.id, user_id: u.id, role: i === 0 ? 'owner' : 'member' })))}`;
  for (let i = 1; i <= own && i < members; i++) {
    const start = `${String(7 + (i % 3)).padStart(2, '0')}:00`;
    const days = [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday <= 5 ? { weekday, start, end: '17:00' } : { weekday, off: true },
    );
    await sql`insert into working_hours (user_id, days, holidays)
      values (${users[i].id}, ${JSON.stringify(days)}::jsonb, true)`;
    await sql`insert into user_time_zones ${sql({ user_id: users[i].id, time_zone: i % 2 ? 'America/New_York' : 'Asia/Tokyo' })}`;
    await sql`insert into time_off ${sql({ user_id: users[i].id, start_date: '2026-12-21', end_date: `2026-12-${22 + (i % 8)}` })}`;
  }
  const deps = {
    db,
    realtime: { toTopic: async () => {}, toUsers: async () => {}, toEach: async () => {} },
    events: { publish() {} },
    log: console,
  };
  const policy = holdPolicy(db, () => FRIDAY_EVENING);
  const holdTimes = [];
  const hold = async (items) => {
    const t0 = performance.now();
    const held = await policy(items, { immediate: false });
    holdTimes.push(performance.now() - t0);
    return held;
  };
  const context = { name: 'grand', type: 'channel' };
  const memberIds = users.slice(1).map((u) => u.id);
  const once = async (n, withHold) => {
    const { message } = await sendMessage(deps, { id: users[0].id }, channel.id, {
      content: `message ${n}`,
      clientId: `c${withHold}${n}`,
      attachments: [],
      mentions: memberIds,
    });
    const t0 = performance.now();
    const written = await notifyMessage(db, message, context);
    await delivery.send(deps, written, [], withHold ? hold : undefined);
    const ms = performance.now() - t0;
    // Read, so that the next message makes N new items again.
    await sql`update notifications set read = true where channel_id = ${channel.id} and not read`;
    await sql`delete from held_notifications`;
    return ms;
  };
  // Alternated, message by message: both see the same table sizes and the same machine.
  for (let n = 0; n < 3; n++) {
    await once(n, false);
    await once(n, true);
  }
  const times = { false: [], true: [] };
  for (let n = 3; n < messages + 3; n++) {
    times.false.push(await once(n, false));
    times.true.push(await once(n, true));
  }
  const summary = (list) => {
    list.sort((a, b) => a - b);
    const at = (q) => list[Math.min(list.length - 1, Math.floor(q * list.length))].toFixed(1);
    return `median ${at(0.5)} ms, p95 ${at(0.95)} ms`;
  };
  const without = summary(times.false);
  const withHold = summary(times.true);
  const [{ n: held }] = await sql`select count(*)::int as n from notifications`;
  holdTimes.sort((a, b) => a - b);
  const policyMedian = holdTimes[Math.floor(holdTimes.length / 2)].toFixed(1);
  console.log(
    `${values.store}, ${members} members (${own} with schedules of their own), ${messages} messages ` +
      `each notifying all of them: without holding ${without}; all held ${withHold} ` +
      `per message (notifyMessage + send), of which the hold policy's median ${policyMedian} ms; ` +
      `${held} items written`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(values.url, dbName);
}
