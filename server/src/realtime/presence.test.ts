/**
 * Presence over real sockets, counted in the store: users.status is written once per change
 * of status others see, never for sockets that come and go around one, nor for a status
 * re-sent as it is (PostgreSQL's own counters, server/test/store-counters.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '#shared/users';
import { startTestServer, type TestServer } from '../../test/server';
import { StoreCounters } from '../../test/store-counters';
import { aliceWatchingBob, socketOpener } from '../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

describe('presence writes', () => {
  it('a flapping user writes users.status once per change shown, a re-sent status not at all', async () => {
    const { alice, bob, channel, a, forBob } = await aliceWatchingBob(server, open);
    // A first visit, so that users.status says offline (a new account starts online).
    const first = await open(bob);
    await a.next(forBob('online'));
    await first.close();
    await a.next(forBob('offline'));
    const seen = () =>
      a.events
        .filter((e) => e.type === 'presence_update' && e.userId === bob.user.id)
        .map((e) => (e as { status: string }).status);
    const shownBefore = seen().length;

    const counters = StoreCounters.open(server);
    try {
      const before = await counters.read();
      // Tabs opened and closed as fast as the server takes them, several at once.
      for (let i = 0; i < 5; i++) {
        const [b1, b2] = [await open(bob), await open(bob)];
        await b1.close();
        await b2.close();
      }
      // The same status over and over, then a change: once it shows, the chain is past the rest.
      const last = await open(bob);
      for (let i = 0; i < 5; i++) last.send({ type: 'presence', status: 'online' });
      last.send({ type: 'presence', status: 'away' });
      await a.next(forBob('away'));
      await last.close();
      await a.next(forBob('offline'));
      const after = await counters.read();

      const shown = seen().slice(shownBefore);
      // Every announcement is a change, each written once; at most two per visit.
      shown.forEach((status, i) => {
        if (i > 0) expect(status).not.toBe(shown[i - 1]);
      });
      expect(shown.slice(-3)).toEqual(['online', 'away', 'offline']);
      expect(shown.length).toBeLessThanOrEqual(2 * 5 + 3);
      expect(after.userUpdates - before.userUpdates).toBe(shown.length);
    } finally {
      await counters.close();
    }
    const members = await alice.client.get<Array<{ userId: string; user: User }>>(
      `/api/channels/${channel.id}/members`,
    );
    expect(members.body.find((m) => m.userId === bob.user.id)?.user.status).toBe('offline');
  });
});

describe('the grace a reload is given (PRESENCE_OFFLINE_GRACE_MS)', () => {
  const GRACE_MS = 1500;
  let graced: TestServer;
  beforeAll(async () => {
    graced = await startTestServer({ env: { PRESENCE_OFFLINE_GRACE_MS: String(GRACE_MS) } });
  });
  afterAll(() => graced?.close());
  const openGraced = socketOpener(() => graced);

  it('a tab reloaded within it shows and writes nothing; closed for good, offline after it', async () => {
    const { bob, a, forBob } = await aliceWatchingBob(graced, openGraced);
    let tab = await openGraced(bob);
    await a.next(forBob('online'));
    const statuses = () =>
      a.events
        .filter((e) => e.type === 'presence_update' && e.userId === bob.user.id)
        .map((e) => (e as { status: string }).status);
    const counters = StoreCounters.open(graced);
    try {
      const before = await counters.read();
      // Three reloads: the socket closes and a new one opens a moment later.
      for (let i = 0; i < 3; i++) {
        await tab.close();
        tab = await openGraced(bob);
      }
      // Past the grace of the last close: nothing was said, nothing written.
      await new Promise((resolve) => setTimeout(resolve, GRACE_MS + 500));
      await a.sync();
      expect(statuses()).toEqual(['online']);
      expect((await counters.read()).userUpdates - before.userUpdates).toBe(0);

      const closedAt = Date.now();
      await tab.close();
      await a.next(forBob('offline'));
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(GRACE_MS - 100);
      expect(statuses()).toEqual(['online', 'offline']);
      expect((await counters.read()).userUpdates - before.userUpdates).toBe(1);
    } finally {
      await counters.close();
    }
  });
});
