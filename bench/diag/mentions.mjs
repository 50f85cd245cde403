// Mention resolution on an adversarial message (docs/performance-log.md, "Mentions"): 10,000
// characters of "@" in a channel of 5,000 members, and an ordinary message with two
// mentions; medians of 7. Makes and drops its own database on TEST_DATABASE_URL's server.
// Usage: node --import tsx bench/diag/mentions.mjs
import { performance } from 'node:perf_hooks';
import postgres from 'postgres';
import { users } from '../../server/src/auth/schema.ts';
import { openDatabase } from '../../server/src/db/client.ts';
import { runMigrations } from '../../server/src/db/migrate.ts';
import { findMentionedMembers } from '../../server/src/features/channels/queries.ts';
import { channelMembers, channels } from '../../server/src/features/channels/schema.ts';
import { mentionCandidates } from '../../server/src/features/messages/mentions.ts';

const MEMBERS = 5000;
const base = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const name = `ruche_bench_mentions_${process.pid}`;
const admin = postgres(base.href, { max: 1, onnotice: () => {} });
await admin.unsafe(`create database ${name}`);
const url = new URL(base);
url.pathname = `/${name}`;
const database = await openDatabase({ databaseUrl: url.href, dataDir: '/tmp' });
try {
  await runMigrations(database);
  const { db } = database;
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `personne${i}@exemple.fr`,
        firstName: `Prénom${i}`,
        lastName: `Nom${i}`,
        displayName: `Personne ${i}`,
      })),
    )
    .returning({ id: users.id });
  const [channel] = await db
    .insert(channels)
    .values({ name: 'général', type: 'channel' })
    .returning();
  await db
    .insert(channelMembers)
    .values(people.map((p) => ({ channelId: channel.id, userId: p.id })));
  await database.sql`analyze`;

  const messages = {
    'adversarial (10,000 × "@")': '@'.repeat(10_000),
    'ordinary (2 mentions)': 'Bonjour @Prénom12 et @personne4001@exemple.fr, on se voit à 15 h ?',
  };
  for (const [label, content] of Object.entries(messages)) {
    const cpu = [];
    const total = [];
    let found = [];
    for (let i = 0; i < 7; i++) {
      const t0 = performance.now();
      const handles = mentionCandidates(content);
      const t1 = performance.now();
      found = await findMentionedMembers(db, channel.id, handles);
      total.push(performance.now() - t0);
      cpu.push(t1 - t0);
    }
    const median = (xs) => xs.sort((a, b) => a - b)[3].toFixed(2);
    console.log(
      `${label}: handles ${median(cpu)} ms synchronous, with the look-up ${median(total)} ms; ${found.length} mentioned`,
    );
  }
} finally {
  await database.close();
  await admin.unsafe(`drop database ${name}`);
  await admin.end();
}
