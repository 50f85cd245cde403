import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { users } from '../auth/schema';
import { createSession, resolveSession } from '../auth/sessions';
import { loadConfig } from '../config';
import { findPresentedMessage } from '../features/messages/queries';
import { notifyMessage } from '../features/notifications/create';
import { type Database, openDatabase } from './client';
import { plannedEachTime, plannedOnce } from './planned';
import { ALWAYS_UNNAMED } from './store-gate';

// docs/performance-log.md, "capacity, 2026-11-27, 10:23" and "2026-11-28, 09:00": the pool sends
// Drizzle's statements named (one round trip, parsed once per connection, a generic plan
// allowed), and those that must be planned for their parameters unnamed. PostgreSQL only:
// the embedded store shares one session among connections.
let store: TestStoreHandle;
let database: Database;
beforeAll(async () => {
  store = await createTestStore('postgres');
  // One connection, so that what it prepared is what the checks below see.
  database = await openDatabase({ databaseUrl: store.databaseUrl, dataDir: store.dataDir, max: 1 });
});
afterAll(async () => {
  await database?.close();
  await store?.drop();
});

const preparedLike = async (fragment: string): Promise<number> => {
  const rows = await database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from pg_prepared_statements where statement like ${`%${fragment}%`}`,
  );
  return rows[0]?.n ?? 0;
};

describe('statements on the PostgreSQL pool', () => {
  it('leaves the plan cache to PostgreSQL: a named statement may keep a generic plan', async () => {
    const [row] = await database.db.execute<{ mode: string }>(
      sql`select current_setting('plan_cache_mode') as mode`,
    );
    expect(row?.mode).toBe('auto');
  });

  it('names a query-builder statement once, and runs it again under its name', async () => {
    const query = () =>
      database.db.select({ id: users.id }).from(users).where(eq(users.email, 'nobody@ruche.test'));
    expect(await query()).toEqual([]);
    expect(await query()).toEqual([]);
    expect(await preparedLike('from "users" where "users"."email" = $1')).toBe(1);
  });

  it('leaves a long list unnamed: its text changes with the list', async () => {
    const ids = Array.from({ length: 20 }, () => randomUUID());
    const rows = await database.db
      .select({ id: users.id, created: users.createdAt })
      .from(users)
      .where(inArray(users.id, ids));
    expect(rows).toEqual([]);
    expect(await preparedLike('"created_at" from "users" where "users"."id" in')).toBe(0);
    // The same query over a short list is named.
    await database.db
      .select({ id: users.id, created: users.createdAt })
      .from(users)
      .where(inArray(users.id, ids.slice(0, 2)));
    expect(await preparedLike('"created_at" from "users" where "users"."id" in')).toBe(1);
  });

  it('leaves a statement unnamed when asked to always (planned for its parameters)', async () => {
    const text = 'select $1::text as word -- always unnamed';
    await database.db.$client.unsafe(text, ['abeille'], ALWAYS_UNNAMED);
    await database.db.$client.unsafe(text, ['abeille'], ALWAYS_UNNAMED);
    expect(await preparedLike('-- always unnamed')).toBe(0);
    const planned = () => plannedEachTime(database.db, sql`select ${'ruche'}::text as w -- each`);
    expect(await planned()).toEqual([{ w: 'ruche' }]);
    expect(await planned()).toEqual([{ w: 'ruche' }]);
    expect(await preparedLike('-- each')).toBe(0);
    // The same options written out are the query builder's, and named.
    await database.db.$client.unsafe(`${text}!`, ['abeille'], { prepare: false });
    expect(await preparedLike('-- always unnamed!')).toBe(1);
  });

  it('names a statement of many parameters when asked to (its text takes few forms)', async () => {
    const words = Array.from({ length: 20 }, (_, i) => `mot${i}`);
    const statement = () =>
      plannedOnce<{ n: number }>(
        database.db,
        sql`select cardinality(array[${sql.join(
          words.map((w) => sql`${w}::text`),
          sql`, `,
        )}]) as n -- once`,
      );
    expect(await statement()).toEqual([{ n: 20 }]);
    expect(await statement()).toEqual([{ n: 20 }]);
    expect(await preparedLike('-- once')).toBe(1);
  });

  it('keeps one plan for the look-up of one session (asked every request)', async () => {
    const config = loadConfig({ DATA_DIR: store.dataDir, LOG_LEVEL: 'silent' });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'plan@ruche.test', firstName: 'Plan' })
      .returning({ id: users.id });
    const { token } = await createSession(database.db, config, user?.id as string);
    // One look-up a turn, as most requests come: PostgreSQL plans the first five and then,
    // when a generic plan costs no more, keeps it. `= any($1)` was planned every time.
    for (let i = 0; i < 8; i++) {
      expect((await resolveSession(database.db, config, token))?.user.id).toBe(user?.id);
    }
    const [plans] = await database.db.execute<{ generic: number; custom: number }>(
      sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%"sessions"."sid" = $1%'`,
    );
    expect(plans?.custom).toBeLessThanOrEqual(5);
    expect(plans?.generic).toBeGreaterThanOrEqual(3);
  });

  it('keeps one plan for the look-up of sessions asked together (a busy turn)', async () => {
    const config = loadConfig({ DATA_DIR: store.dataDir, LOG_LEVEL: 'silent' });
    const made = await database.db
      .insert(users)
      .values([1, 2, 3].map((i) => ({ email: `plans-${i}@ruche.test`, firstName: 'Plan' })))
      .returning({ id: users.id });
    const tokens = await Promise.all(
      made.map(async ({ id }) => (await createSession(database.db, config, id)).token),
    );
    // A store with the sessions of a team (on a table of a few rows any plan costs nothing,
    // and a generic one is kept whatever the statement).
    await database.db.execute(sql`
      insert into sessions (sid, sess, expire)
      select md5(i::text) || md5((-i)::text), '{}'::jsonb, now() + interval '1 day'
      from generate_series(1, 20000) i`);
    await database.db.execute(sql`analyze sessions`);
    // Two or three requests of one turn: their sessions are asked in one statement.
    for (let i = 0; i < 8; i++) {
      const asked = tokens.slice(0, 2 + (i % 2));
      const found = await Promise.all(asked.map((t) => resolveSession(database.db, config, t)));
      expect(found.map((f) => f?.user.id)).toEqual(made.slice(0, asked.length).map((m) => m.id));
    }
    expect(await resolveSession(database.db, config, 'pas-une-session')).toBeNull();
    const [plans] = await database.db.execute<{ generic: number; custom: number }>(
      sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%"sessions"."sid" = any($1%'`,
    );
    expect(plans?.custom).toBeLessThanOrEqual(5);
    expect(plans?.generic).toBeGreaterThanOrEqual(3);
  });

  it('keeps one plan for the notify statement, run after every message', async () => {
    const { $client: raw } = database.db;
    const people = await raw<{ id: string }[]>`insert into users (email, first_name)
      select 'notify' || i || '@ruche.test', 'N' || i from generate_series(1, 5) i returning id`;
    const author = people[0]?.id as string;
    const [channel] = await raw<{ id: string }[]>`insert into channels (name, type, created_by_id)
      values ('plan', 'channel', ${author}) returning id`;
    const channelId = channel?.id as string;
    await raw`insert into channel_members (channel_id, user_id)
      select ${channelId}, id from users where email like 'notify%'`;
    const mentions = (seq: number) => people.slice(1, 1 + Math.max(0, seq - 8)).map((p) => p.id);
    for (let seq = 1; seq <= 10; seq++) {
      const [row] = await raw<{ id: string }[]>`insert into messages
        (channel_id, user_id, content, seq) values (${channelId}, ${author}, 'bonjour', ${seq})
        returning id`;
      const message = await findPresentedMessage(database.db, row?.id as string);
      if (!message) throw new Error('the message just written is not found');
      await notifyMessage(
        database.db,
        { ...message, mentions: mentions(seq) },
        { name: 'plan', type: 'channel' },
      );
    }
    // 27 parameters or more: sent unnamed, it was parsed and planned at every message
    // (docs/performance-log.md, capacity, "2026-11-28, 15:00"). Eight messages without mentions,
    // then one with one and one with two: one text more, not one per number of mentions.
    const plans = await raw<{ generic: number; custom: number }[]>`
      select generic_plans::int as generic, custom_plans::int as custom
      from pg_prepared_statements
      where statement like '%holders as materialized%' and statement not like '%pg_prepared%'
      order by custom_plans + generic_plans desc`;
    expect(plans).toHaveLength(2);
    expect(plans[0]?.custom).toBeLessThanOrEqual(5);
    expect(plans[0]?.generic).toBeGreaterThanOrEqual(3);
    expect((plans[1]?.custom ?? 0) + (plans[1]?.generic ?? 0)).toBe(2);
  });
});
