// Diagnostic: what notifications cost per message in a big channel, without HTTP or the hub.
// One channel of N members, each already holding an unread "new messages" item for it (the
// steady state of a busy channel); each message goes through the statements the server runs
// after a send (features/notifications/subscriptions.ts: notifyMessage, then send, whose
// per-user sends go to a realtime that only counts them). Sequential, as the server runs
// them per channel. Reports the median and p95 per message, the Node CPU per message and
// PostgreSQL's (its backends' CPU from /proc, so run it alone on the machine).
//   node --import tsx bench/diag/notify-sql.mjs [--url postgres://postgres@127.0.0.1:5432/test]
//        [--members 1000] [--messages 200] [--store embedded]
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { sendMessage } from '../../server/src/features/messages/send.ts';
import { notifyMessage } from '../../server/src/features/notifications/create.ts';
import * as delivery from '../../server/src/features/notifications/deliver.ts';
import { createDatabase, dropDatabase, tempDir } from '../lib/servers.mjs';

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    store: { type: 'string', default: 'postgres' },
    members: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '200' },
  },
});
const members = Number(values.members);
const messages = Number(values.messages);
const dataDir = tempDir('rbn-');
const dbName = `ruche_bench_notify_${process.pid}`;
const url = values.store === 'postgres' ? await createDatabase(values.url, dbName) : undefined;

/** CPU ms of every postgres process on the machine (clock ticks of 10 ms). */
function postgresCpuMs() {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      if (name !== 'postgres') continue;
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return ticks * 10;
}

const database = await openDatabase({ databaseUrl: url, dataDir });
try {
  await runMigrations(database);
  const { sql, db } = database;
  const users =
    await sql`insert into users ${sql(Array.from({ length: members }, (_, i) => ({ email: `n${i}@x.example.com`, first_name: `N${i}` })))} returning id`;
  const [channel] =
    await sql`insert into channels ${sql({ name: 'grand', type: 'channel', created_by_id: users[0].id })} returning id`;
  await sql`insert into channel_members ${sql(users.map((u, i) => ({ channel_id: channel.id, user_id: u.id, role: i === 0 ? 'owner' : 'member' })))}`;
  let sends = 0;
  const deps = {
    db,
    realtime: {
      toTopic: async () => {},
      toUsers: async (ids) => {
        sends += ids.length;
      },
      toEach: async (items) => {
        sends += items.length;
      },
    },
    events: { publish() {} },
    log: console,
  };
  const context = { channelName: 'grand', channelType: 'channel' };
  const once = async (n) => {
    const author = users[n % 10];
    const { message } = await sendMessage(deps, { id: author.id }, channel.id, {
      content: `message ${n}`,
      clientId: `c${n}`,
      attachments: [],
      mentions: [],
    });
    const t0 = performance.now();
    const written = await notifyMessage(db, message, context);
    // Before the statement returned its items presented, it returned ids (see the git log).
    if (typeof written[0] === 'string') await delivery.deliver(deps, written, []);
    else await delivery.send(deps, written, []);
    return performance.now() - t0;
  };
  // Every member now holds an unread item for the channel.
  for (let n = 0; n < 10; n++) await once(n);
  sends = 0;
  const times = [];
  const cpu0 = process.cpuUsage();
  const pg0 = postgresCpuMs();
  for (let n = 0; n < messages; n++) times.push(await once(n));
  const cpu = process.cpuUsage(cpu0);
  const pgMs = postgresCpuMs() - pg0;
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(1);
  console.log(
    `${values.store}, ${members} members, ${messages} messages: median ${at(0.5)} ms, p95 ${at(0.95)} ms per message` +
      ` (the send excluded); Node CPU ${((cpu.user + cpu.system) / 1000 / messages).toFixed(1)} ms/message` +
      (url ? `, PostgreSQL CPU ${(pgMs / messages).toFixed(1)} ms/message` : '') +
      ` (includes the sends); ${Math.round(sends / messages)} deliveries/message`,
  );
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (url) await dropDatabase(values.url, dbName);
}
