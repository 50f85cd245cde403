import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { inBackground } from './store-gate';

// docs/scaling.md, "Overload": background writes cannot starve requests of connections.
// PostgreSQL only: the embedded store runs one statement at a time whatever the pool does.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the store gate', () => {
  it('keeps the last slots for requests: background work waits behind them', async () => {
    const alice = await buildUser(server);
    const { gate, sql } = server.database;
    let backgroundDone = 0;
    const background = Array.from({ length: gate.slots + 3 }, () =>
      inBackground(() => sql`select pg_sleep(0.3)`.then(() => undefined)).then(() => {
        backgroundDone += 1;
      }),
    );
    try {
      while (gate.stats.inUseBackground < gate.backgroundSlots) await sleep(5);
      // Background work holds what it may, never all (the server's own work may hold one of
      // the others meanwhile): a signed-in request still gets a connection, and is answered
      // before the background work waiting behind it runs.
      expect(gate.stats.inUseBackground).toBe(gate.backgroundSlots);
      expect(gate.stats.waiting).toBeGreaterThan(0);
      expect((await alice.client.get('/api/auth/user')).status).toBe(200);
      expect(backgroundDone).toBeLessThan(gate.slots + 3);
    } finally {
      // Never leave queries running into the server's close, whatever failed above.
      await Promise.allSettled(background);
    }
    expect(backgroundDone).toBe(gate.slots + 3);
  });
});
