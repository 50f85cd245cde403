/**
 * The store going away under the pool (docs/operations.md, "The store restarts"), through a
 * TCP relay the test cuts: what the app's queries fail with, and that a connection lost
 * while it starts does not end the process. PostgreSQL only: the embedded store is the
 * node's own child process. The whole restart, seen by a client, is in
 * features/messages/store-restart.pg.test.ts.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { TcpProxy } from '../../test/tcp-proxy';
import { type Database, openDatabase } from './client';
import { StoreUnavailableError } from './store-unavailable';

let store: TestStoreHandle;
let relay: TcpProxy;
let database: Database;
beforeAll(async () => {
  store = await createTestStore('postgres');
  const url = store.databaseUrl as string;
  relay = await TcpProxy.start([TcpProxy.upstreamOf(url)]);
  database = await openDatabase({ databaseUrl: relay.rewrite(url), dataDir: store.dataDir });
});
afterEach(() => {
  relay.cutWhen(undefined);
  relay.restore();
});
afterAll(async () => {
  await database?.close();
  await relay?.close();
  await store?.drop();
});

/** The rejections nobody handled while `work` ran (Node ends the process on one). */
async function unhandledDuring(work: () => Promise<unknown>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const collect = (reason: unknown) => seen.push(reason);
  process.on('unhandledRejection', collect);
  try {
    await work();
    // A dropped promise's rejection is reported after the turn it happened in.
    await new Promise((resolve) => setTimeout(resolve, 200));
  } finally {
    process.off('unhandledRejection', collect);
  }
  return seen;
}

describe('the store away', () => {
  it('fails a query with StoreUnavailableError, wherever it is refused or cut', async () => {
    const { sql, db } = database;
    await sql`select 1`;
    relay.cut();
    await expect(sql`select 1`).rejects.toBeInstanceOf(StoreUnavailableError);
    await expect(sql.begin((tx) => tx`select 1`)).rejects.toBeInstanceOf(StoreUnavailableError);
    // Through Drizzle, which wraps the driver's error: the cause is the store's refusal.
    const viaDrizzle = await db.execute('select 1').catch((error: unknown) => error);
    expect(viaDrizzle).toBeInstanceOf(Error);
    expect(causesOf(viaDrizzle).some((e) => e instanceof StoreUnavailableError)).toBe(true);
  });

  it('reaches the store again within about a second of its return, however long it was away', async () => {
    const { sql } = database;
    const attempt = () =>
      sql`select 1`.then(
        () => true,
        () => false,
      );
    await sql`select 1`;
    relay.cut();
    // Asked again and again while it is away, as a busy node does: postgres.js's own backoff
    // grew to 20 s between connection attempts by now.
    const away = Date.now();
    while (Date.now() - away < 4000) expect(await attempt()).toBe(false);
    relay.restore();
    const back = Date.now();
    while (!(await attempt())) {}
    expect(Date.now() - back).toBeLessThan(2000);
  });

  it('a new connection lost as it starts (the driver fetching its types) leaves no unhandled rejection', async () => {
    const { sql } = database;
    await sql`select 1`;
    // Each new connection of the pool that asks for the array types is reset at that moment.
    relay.cutWhen((chunk) => chunk.includes('pg_catalog.pg_type'));
    const unhandled = await unhandledDuring(() =>
      Promise.allSettled(Array.from({ length: 6 }, () => sql`select pg_sleep(0.05)`)),
    );
    expect(unhandled).toEqual([]);
  });
});

function causesOf(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    chain.push(e);
  }
  return chain;
}
