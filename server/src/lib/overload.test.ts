import { performance } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { CLOSE_TRY_LATER, tryLaterRetryMs } from '#shared/protocol/close-codes';
import type { ApiResponse } from '../../test/client';
import { buildUser, insertSignedInUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { TestSocket } from '../../test/test-socket';
import { NOT_PROCESSED_HEADER } from './overload';

// docs/scaling.md, "Overload": refuse at once what would wait too long, never queue for 30 s.
const OVERLOADED = 'Ruche est très sollicité : réessayez dans quelques secondes';
let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Open a socket the node should send away: its upgrade succeeds, it closes with 4503; the hint. */
async function sentAwayFor(on: TestServer, cookie: string): Promise<number> {
  const ws = await TestSocket.connect(on, cookie);
  const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  expect(closed.code).toBe(CLOSE_TRY_LATER);
  return retryHintOf(closed.reason);
}

/** The wait a 4503 close names: a whole number of ms, always there. */
function retryHintOf(reason: string): number {
  const retryMs = tryLaterRetryMs(reason);
  if (retryMs === null) throw new Error(`4503 without a readable wait: ${reason}`);
  return retryMs;
}

/** Block the loop 150 ms out of every 170 for 2.5 s: under-pressure samples once a second. */
async function lagTheLoop(): Promise<void> {
  const until = Date.now() + 2500;
  const blocker = setInterval(() => {
    const end = Date.now() + 150;
    while (Date.now() < end);
    if (Date.now() > until) clearInterval(blocker);
  }, 20);
  await sleep(2600);
}

async function timed<T>(request: () => Promise<T>): Promise<{ answer: T; ms: number }> {
  const started = performance.now();
  const answer = await request();
  return { answer, ms: performance.now() - started };
}

describe('a store whose connections are all busy', () => {
  it('answers 503 + Retry-After in under 100 ms, hangs nobody, and serves again once it frees', async () => {
    server = await startTestServer({ env: { STORE_WAIT_MS: '20' } });
    // Made in the store: a sign-up's queries would have this test's 20 ms budget too.
    const alice = await insertSignedInUser(server);
    const { database } = server;
    // Every connection of the pool held by a transaction that waits for the test (not an HTTP
    // request: no budget). Deterministic on both stores, whatever the machine's speed.
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const holds = Array.from({ length: database.gate.slots }, () =>
      database.sql.begin(() => released),
    );
    while (database.gate.stats.inUse < database.gate.slots) await sleep(5);

    // One after another: each is timed alone, as a person's request would be.
    const answers: Array<{ answer: ApiResponse<ApiErrorBody>; ms: number }> = [];
    try {
      for (let i = 0; i < 10; i++) {
        answers.push(await timed(() => alice.client.get<ApiErrorBody>('/api/channels')));
      }
      // A socket opened meanwhile is not refused (no 5xx): sent away with its retry hint.
      expect(await sentAwayFor(server, alice.client.cookieHeader)).toBeGreaterThanOrEqual(1000);
    } finally {
      release();
    }
    await Promise.all(holds);
    for (const { answer, ms } of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe(OVERLOADED);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      // Its first query was refused: nothing of it was done, it may be sent again.
      expect(answer.headers.get(NOT_PROCESSED_HEADER)).toBe('1');
      // Not a wait of the default budget (1 s), nor a queue: bounded whatever the machine is
      // doing (one took 920 ms with the two cores at a load average of 30).
      expect(ms).toBeLessThan(1000);
    }
    // Under 100 ms as a rule: about 25 ms here (the 20 ms budget, then the answer). A single
    // one may not be, on a CI machine whose two cores run other test files: one took 164 ms.
    const sorted = answers.map(({ ms }) => ms).sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length / 2)]).toBeLessThan(100);
    // Counted by the gate (one session look-up may serve several requests).
    expect(database.gate.stats.shed).toBeGreaterThan(0);

    const after = await alice.client.get('/api/channels');
    expect(after.status).toBe(200);
    // Nothing stays held: down to nothing once the server's own background work of the moment
    // (a presence write, say: it held one slot when a loaded machine checked at once) is done.
    await expect.poll(() => database.gate.stats).toMatchObject({ inUse: 0, waiting: 0 });
  });
});

describe('a lagging event loop', () => {
  it('refuses API requests with 503 and sends sockets away with a retry hint, not pages', async () => {
    const app = 'capacitor://localhost';
    server = await startTestServer({
      env: { OVERLOAD_EVENT_LOOP_MS: '30', ALLOWED_ORIGINS: app },
    });
    // Made in the store: on a busy machine a sign-up would meet the 30 ms limit before the
    // lag does (sign-up failed: 503, under a load average of 30).
    const alice = await insertSignedInUser(server);
    await lagTheLoop();

    const api = await alice.client.get<ApiErrorBody>('/api/channels');
    expect(api.status).toBe(503);
    expect(api.body.message).toBe(OVERLOADED);
    expect(api.headers.get(NOT_PROCESSED_HEADER)).toBe('1');
    // The mobile app (another origin, docs/mobile.md) can read the refusal and its hint.
    const fromApp = await alice.client.get('/api/channels', { origin: app });
    expect(fromApp.status).toBe(503);
    expect(fromApp.headers.get('access-control-allow-origin')).toBe(app);
    expect(fromApp.headers.get('access-control-expose-headers')).toContain('Retry-After');
    const page = await alice.client.get('/channel/abc');
    expect(page.status).not.toBe(503);
    // Not ready either: a balancer sends the next ones elsewhere; alive all the same.
    const ready = await alice.client.get<{ failing: string[] }>('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.body.failing).toContain('overload');
    expect((await alice.client.get('/healthz')).status).toBe(200);

    expect(await sentAwayFor(server, alice.client.cookieHeader)).toBeGreaterThanOrEqual(1000);

    // Once the loop is free again (next sample), everything is served.
    await sleep(2200);
    expect((await alice.client.get('/api/channels')).status).toBe(200);
    await (await TestSocket.open(server, alice.client)).close();
  });
});

describe('the event-loop limit at 0', () => {
  it('is off: the lag that the test above refuses passes', async () => {
    server = await startTestServer({ env: { OVERLOAD_EVENT_LOOP_MS: '0' } });
    const alice = await buildUser(server);
    await lagTheLoop();
    expect((await alice.client.get('/api/channels')).status).toBe(200);
    expect((await alice.client.get('/readyz')).status).toBe(200);
  });
});

describe('a reconnect storm', () => {
  it('is let in gradually: sockets past the admission rate come back after their hint, none gets a 5xx', async ({
    annotate,
  }) => {
    // The admission rate is the subject; the loop limit and the store's budget stay out of
    // the way (test/overload-guard.ts): other work on the machine is not the storm.
    server = await startTestServer({ env: { WS_ADMIT_PER_SECOND: '10' } });
    // Forty people made in the store: their sign-ups are set-up, not the storm, and forty
    // argon2 hashes at once on a busy machine took most of the test's 30 s.
    const users = await Promise.all(Array.from({ length: 40 }, () => insertSignedInUser(server!)));
    const started = performance.now();
    let sentAway = 0;
    let admittedAtFirstTry = 0;
    let firstTriesOver = started;
    const connectOne = async (cookie: string): Promise<void> => {
      for (let attempt = 1; ; attempt++) {
        // Rejects (and fails the test) on any HTTP refusal of the upgrade, a 5xx included.
        const ws = await TestSocket.connect(server!, cookie);
        const outcome = await new Promise<{ code: number; reason: string } | 'ready'>((resolve) => {
          // Admitted: the session's first event arrives.
          ws.once('message', () => resolve('ready'));
          ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }));
        });
        if (attempt === 1) firstTriesOver = Math.max(firstTriesOver, performance.now());
        if (outcome === 'ready') {
          if (attempt === 1) admittedAtFirstTry += 1;
          ws.terminate();
          return;
        }
        expect(outcome.code).toBe(CLOSE_TRY_LATER);
        sentAway += 1;
        const retryMs = retryHintOf(outcome.reason);
        await sleep(retryMs + Math.random() * 500);
      }
    };
    await Promise.all(users.map((u) => connectOne(u.client.cookieHeader)));
    const seconds = (performance.now() - started) / 1000;
    // A burst of 20, then 10 a second: at their first try, no more were let in than that
    // budget over the time the forty first tries took. At once, as on a quiet machine, that
    // is 20 or 21, and about half were sent away and came back; on two cores busy with other
    // work the first tries spread over a second or more and the budget with them (at a load
    // average of 30, 10 were sent away). Either way the fortieth got in 2 s after the first
    // at the earliest.
    const firstTries = (firstTriesOver - started) / 1000;
    await annotate(
      `first tries over in ${firstTries.toFixed(2)} s, ${admittedAtFirstTry} let in at once, ${sentAway} sent away, all in after ${seconds.toFixed(1)} s`,
    );
    expect(admittedAtFirstTry).toBeLessThanOrEqual(20 + Math.ceil(10 * firstTries));
    expect(seconds).toBeGreaterThanOrEqual(2);
    expect(seconds).toBeLessThan(15);
  }, 30_000);
});
