import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { eq, getTableName, inArray, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer } from '../../test/server';
import {
  createTestStore,
  currentStore,
  databaseUrlFor,
  TEST_DATABASE_URL,
  type TestStoreHandle,
} from '../../test/stores';
import { sessions, users } from '../auth/schema';
import { hashToken, SESSION_COOKIE } from '../auth/sessions';
import { createUser } from '../auth/users';
import { type Database, openDatabase, pipelineOf } from './client';
import { migrationsFolder, runMigrations } from './migrate';
import { schemaFiles } from './schema-files';

// Each vitest project tests its own store: PostgreSQL in server-postgres, PGlite in server-embedded.
const kind = currentStore();

// Every table of every feature's schema.ts, as drizzle-kit gathers them.
const SCHEMA_TABLES = (
  await Promise.all(schemaFiles().map((file) => import(file) as Promise<Record<string, unknown>>))
)
  .flatMap((module) => Object.values(module))
  .flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []))
  .sort();

const JOURNAL = JSON.parse(
  readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: { tag: string }[] };

async function publicTables(database: Database): Promise<string[]> {
  const rows = await database.sql<{ table_name: string }[]>`
    select table_name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE'
    order by table_name`;
  return rows.map((r) => r.table_name);
}

/** A store with nothing in it: a new PostgreSQL database, or an empty data directory. */
async function emptyStore(): Promise<{
  databaseUrl?: string;
  dataDir: string;
  drop(): Promise<void>;
}> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-empty-'));
  if (kind === 'embedded') {
    return { dataDir, drop: () => rm(dataDir, { recursive: true, force: true }) };
  }
  const name = `ruche_empty_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`).finally(() => admin.end());
  return {
    databaseUrl: databaseUrlFor(name),
    dataDir,
    async drop() {
      const a = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`).finally(() => a.end());
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

describe(`migrations on an empty ${kind} store`, () => {
  it('create every table of the schema, and running them again changes nothing', async () => {
    const store = await emptyStore();
    try {
      const database = await openDatabase(store);
      try {
        expect(database.kind).toBe(kind);
        expect(await publicTables(database)).toEqual([]);
        await runMigrations(database);
        expect(SCHEMA_TABLES).toHaveLength(58);
        expect(await publicTables(database)).toEqual(SCHEMA_TABLES);

        await runMigrations(database);
        expect(await publicTables(database)).toEqual(SCHEMA_TABLES);
        const applied = await database.sql`select hash from drizzle.__drizzle_migrations`;
        expect(applied).toHaveLength(JOURNAL.entries.length);

        // The schema works, down to the French full-text index's configuration.
        const user = await createUser(database.db, { email: 'premier@ruche.test' });
        const [match] = await database.sql<{ hit: boolean }[]>`
          select to_tsvector('french', 'Les réunions du lundi') @@ plainto_tsquery('french', 'réunion') as hit`;
        expect(match?.hit).toBe(true);
        expect(user.status).toBe('online');
      } finally {
        await database.close();
      }
    } finally {
      await store.drop();
    }
  });

  it('let nodes starting together migrate one at a time', async () => {
    const store = await emptyStore();
    try {
      // Two pools on one store, as two app nodes would have (the embedded store has one owner,
      // so it runs both from one process).
      const first = await openDatabase(store);
      const second = kind === 'postgres' ? await openDatabase(store) : first;
      try {
        await Promise.all([runMigrations(first), runMigrations(second)]);
        expect(await publicTables(first)).toEqual(SCHEMA_TABLES);
        expect(await first.sql`select 1 from drizzle.__drizzle_migrations`).toHaveLength(
          JOURNAL.entries.length,
        );
      } finally {
        if (second !== first) await second.close();
        await first.close();
      }
    } finally {
      await store.drop();
    }
  });
});

describe(`data survives a restart of the ${kind} store`, () => {
  let store: TestStoreHandle;
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store?.drop());

  it('reads after reopening what was written before', async () => {
    const before = await openDatabase(store);
    const written = await createUser(before.db, {
      email: 'persistant@ruche.test',
      firstName: 'Éloïse',
    });
    await before.close();

    const after = await openDatabase(store);
    try {
      const [row] = await after.db.select().from(users).where(eq(users.id, written.id));
      expect(row).toMatchObject({ email: 'persistant@ruche.test', firstName: 'Éloïse' });
    } finally {
      await after.close();
    }
  });

  it('keeps accounts and sessions across a server restart', async () => {
    const first = await startTestServer({ store });
    const alice = await buildUser(first, { email: 'redemarrage@ruche.test' });
    // A second device whose session runs out while the server is down.
    const phone = new TestClient(first.url);
    await phone.post('/api/auth/login', { email: alice.user.email, password: alice.password });
    const phoneSid = hashToken(phone.cookies.get(SESSION_COOKIE)!);
    await first.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, phoneSid));
    await first.close();

    const second = await startTestServer({ store });
    try {
      // The expired session is swept when the server starts.
      await vi.waitFor(
        async () => {
          const rows = await second.database.db
            .select()
            .from(sessions)
            .where(eq(sessions.sid, phoneSid));
          expect(rows).toEqual([]);
        },
        { timeout: 5000, interval: 50 },
      );
      // The browser's cookie still works, and the password too.
      const me = await new TestClient(second.url).get<User>('/api/auth/user', {
        cookie: alice.client.cookieHeader,
      });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: alice.user.id, displayName: alice.user.displayName });
      const login = await new TestClient(second.url).post<User>('/api/auth/login', {
        email: 'redemarrage@ruche.test',
        password: alice.password,
      });
      expect(login.status).toBe(200);
      expect(login.body.id).toBe(alice.user.id);
    } finally {
      await second.close();
    }
  });
});

describe(`many connections at once on the ${kind} store`, () => {
  let store: TestStoreHandle;
  let database: Database;
  beforeAll(async () => {
    store = await createTestStore(kind);
    database = await openDatabase({ ...store, max: 8 });
  });
  afterAll(async () => {
    await database?.close();
    await store?.drop();
  });

  it('answers hundreds of concurrent parameterised queries, each with its own results', async () => {
    const { sql } = database;
    // Statements of different shapes and types: a statement or its parameters crossing from one
    // connection to another shows up as a wrong value, a wrong column or a type error.
    const runs = Array.from({ length: 300 }, async (_, i) => {
      const at = new Date(1_700_000_000_000 + i * 1000);
      switch (i % 3) {
        case 0: {
          const [row] = await sql`select ${i}::int as n`;
          expect(row).toEqual({ n: i });
          return;
        }
        case 1: {
          const [row] =
            await sql`select ${`texte-${i}`}::text as label, ${i % 2 === 0}::boolean as even`;
          expect(row).toEqual({ label: `texte-${i}`, even: i % 2 === 0 });
          return;
        }
        default: {
          const [row] = await sql`
            select ${i}::int * 2 as double, length(${'x'.repeat(i)}::text) as len,
                   ${at.toISOString()}::timestamptz as at`;
          // Drizzle has postgres.js hand timestamps over as text; it maps them itself.
          expect({ ...row, at: new Date(row?.at).getTime() }).toEqual({
            double: i * 2,
            len: i,
            at: at.getTime(),
          });
        }
      }
    });
    await Promise.all(runs);
  });

  it('keeps concurrent writes through Drizzle apart', async () => {
    const emails = Array.from({ length: 60 }, (_, i) => `parallele-${i}@ruche.test`);
    const created = await Promise.all(
      emails.map((email, i) => createUser(database.db, { email, firstName: `P${i}` })),
    );
    created.forEach((user, i) => {
      expect(user.email).toBe(emails[i]);
      expect(user.firstName).toBe(`P${i}`);
    });
    const rows = await database.db.select().from(users).where(inArray(users.email, emails));
    expect(rows).toHaveLength(emails.length);
  });

  it('rolls back a transaction without taking other connections’ writes with it', async () => {
    const { sql } = database;
    const inside = ['tx-a@ruche.test', 'tx-b@ruche.test'];
    const outside = Array.from({ length: 30 }, (_, i) => `hors-tx-${i}@ruche.test`);
    const seenInside: number[] = [];

    const transaction = sql
      .begin(async (tx) => {
        await tx`insert into users (email) values (${inside[0]!})`;
        await sleep(20);
        await tx`insert into users (email) values (${inside[1]!})`;
        await sleep(20);
        throw new Error('annulée');
      })
      .catch((error: Error) => error.message);

    const others = outside.map(async (email, i) => {
      await sleep(i % 5);
      await sql`insert into users (email) values (${email})`;
      const [row] = await sql<{ count: number }[]>`
        select count(*)::int as count from users where email in ${sql(inside)}`;
      seenInside.push(row!.count);
    });

    expect(await transaction).toBe('annulée');
    await Promise.all(others);
    // Nobody ever saw the uncommitted rows, the rollback removed them, and kept the others.
    expect(seenInside.every((n) => n === 0)).toBe(true);
    expect(await sql`select 1 from users where email in ${sql(inside)}`).toHaveLength(0);
    expect(await sql`select 1 from users where email in ${sql(outside)}`).toHaveLength(
      outside.length,
    );
  });

  it('commits a transaction even when other connections fail meanwhile', async () => {
    const { sql } = database;
    await sql`insert into users (email) values ('deja-la@ruche.test')`;
    const failures: string[] = [];
    const transaction = sql.begin(async (tx) => {
      await tx`insert into users (email) values ('tx-ok-1@ruche.test')`;
      await sleep(20);
      await tx`insert into users (email) values ('tx-ok-2@ruche.test')`;
      await sleep(20);
      const [row] = await tx<{ count: number }[]>`
        select count(*)::int as count from users where email like 'tx-ok-%'`;
      return row!.count;
    });
    // Errors on other connections (a unique violation, a division by zero) must not abort it.
    const others = Array.from({ length: 20 }, async (_, i) => {
      await sleep(i % 4);
      const failing =
        i % 2 === 0
          ? sql`insert into users (email) values ('deja-la@ruche.test')`
          : sql`select 1 / ${0}::int as boom`;
      await failing.catch((error: { code?: string }) => failures.push(error.code ?? '?'));
    });
    await Promise.all(others);
    expect(await transaction).toBe(2);
    expect(failures.sort()).toEqual([...Array(10).fill('22012'), ...Array(10).fill('23505')]);
    expect(await sql`select 1 from users where email like 'tx-ok-%'`).toHaveLength(2);
  });

  it('counts the work holding its connections, for GET /metrics, down to nothing after', async () => {
    const { sql, db, gate, pipelineGate } = database;
    expect(gate.stats).toMatchObject({ inUse: 0, waiting: 0 });
    expect(pipelineGate.stats).toMatchObject({ inUse: 0, waiting: 0 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.select().from(users).limit(1);
      await held;
    });
    // Statements run once awaited (then); a fragment nested in one is not a statement.
    const run = <T>(query: PromiseLike<T>) => Promise.resolve(query);
    const statements = Array.from({ length: 9 }, () => run(sql`select ${sql`pg_sleep(0.1)`}`));
    const viaDrizzle = run(db.select().from(users).limit(1));
    const onPipeline = run(pipelineOf(db).$client`select 1`);
    const failing = sql`select 1 / ${0}::int`.catch(() => 'refusée');
    await sleep(30);
    // Nothing has finished yet on the embedded store: the transaction holds its one session.
    const counted = gate.stats.inUse + gate.stats.waiting;
    if (kind === 'embedded') expect(counted).toBe(12);
    else expect(counted).toBeGreaterThanOrEqual(10);
    expect(gate.stats.inUse).toBeLessThanOrEqual(gate.slots);
    release();
    await Promise.all([transaction, ...statements, viaDrizzle, onPipeline]);
    expect(await failing).toBe('refusée');
    expect(gate.stats).toMatchObject({ inUse: 0, waiting: 0 });
    expect(pipelineGate.stats).toMatchObject({ inUse: 0, waiting: 0 });
  });
});
