// Diagnostic: the Node CPU of one page of the largest channel (features/messages/queries.ts,
// listPageBefore: the statement, the rows' mapping, presenting), of that and its JSON, and of
// the same statement through postgres.js alone (rows as objects, then as arrays), against an
// existing database (e.g. a capacity run's workspace), sequentially.
//   node --import tsx bench/diag/page-cpu.mjs --url postgres://postgres@127.0.0.1:5432/<db> [--pages 2000]
import { parseArgs } from 'node:util';
import { openDatabase } from '../../server/src/db/client.ts';
import { listPageBefore } from '../../server/src/features/messages/queries.ts';
import { tempDir } from '../lib/servers.mjs';

const { values } = parseArgs({
  options: { url: { type: 'string' }, pages: { type: 'string', default: '2000' } },
});
const pages = Number(values.pages);
const database = await openDatabase({ databaseUrl: values.url, dataDir: tempDir('rpc-') });
const { sql, db } = database;
const [big] =
  await sql`select c.id, (select cm.user_id from channel_members cm where cm.channel_id = c.id limit 1) as viewer
  from channels c order by (select count(*) from channel_members m where m.channel_id = c.id) desc limit 1`;

async function measure(label, fn) {
  for (let i = 0; i < 200; i++) await fn();
  const cpu = process.cpuUsage();
  const start = performance.now();
  for (let i = 0; i < pages; i++) await fn();
  const used = process.cpuUsage(cpu);
  const ms = (used.user + used.system) / 1000 / pages;
  console.log(
    `${label}: ${ms.toFixed(3)} ms CPU, ${((performance.now() - start) / pages).toFixed(3)} ms wall a page`,
  );
}

await measure('listPageBefore', () => listPageBefore(db, big.id, undefined, big.viewer));
await measure('listPageBefore + JSON', async () =>
  JSON.stringify(await listPageBefore(db, big.id, undefined, big.viewer)),
);
await measure('select 1', () => sql`select 1`);
const pageSql = `select "messages"."id", "messages"."channel_id", "messages"."user_id", "messages"."content", "messages"."attachments", "messages"."mentions", "messages"."parent_message_id", "messages"."edited", "messages"."seq", "messages"."client_id", "messages"."created_at", "messages"."updated_at", "users"."id", "users"."email", "users"."first_name", "users"."last_name", "users"."display_name", "users"."profile_image_url", "users"."status", "users"."status_message", "users"."created_at", "users"."updated_at",
 (select coalesce(json_agg(json_build_object('emoji', r.emoji, 'userId', r.user_id) order by r.created_at, r.id), '[]'::json) from reactions r where r.message_id = "messages"."id"),
 (select json_build_object('count', count(*)::int, 'last', max(reply.created_at)) from messages reply where reply.parent_message_id = "messages"."id")
 from messages inner join users on users.id = messages.user_id where messages.channel_id = $1 and messages.parent_message_id is null and exists (select 1 from channel_members where channel_id = $1 and user_id = $2) order by messages.seq desc limit 51`;
await measure('raw page, objects', () =>
  sql.unsafe(pageSql, [big.id, big.viewer], { prepare: true }),
);
await measure('raw page, values', () =>
  sql.unsafe(pageSql, [big.id, big.viewer], { prepare: true }).values(),
);

await database.close?.();
process.exit(0);
