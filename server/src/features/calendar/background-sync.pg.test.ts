import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CalendarConnection, ConnectionCreated } from '#shared/calendar';
import { connectCalendar } from '../../../test/calendar-connections';
import { calendarEventsOf } from '../../../test/calendar-world';
import { buildUser } from '../../../test/factories';
import { FAKE_CALENDAR_ID, FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { startTestServer, type TestServer } from '../../../test/server';
import { createTestStore, type TestStoreHandle } from '../../../test/stores';

// Two nodes on one PostgreSQL database, both running the background sync often.
let providers: FakeCalendarProviders;
let store: TestStoreHandle;
let nodes: TestServer[] = [];
beforeAll(async () => {
  providers = await new FakeCalendarProviders().start();
  store = await createTestStore('postgres');
  const env = {
    ...providers.env(),
    CALENDAR_SYNC_INTERVAL_MS: '200',
    CALENDAR_TOKEN_KEY: Buffer.alloc(32, 7).toString('base64'),
  };
  nodes = [await startTestServer({ store, env }), await startTestServer({ store, env })];
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await store?.drop();
  await providers?.close();
});

it('syncs active connections in the background, one node at a time per connection', async () => {
  const [a, b] = nodes as [TestServer, TestServer];
  const alice = await buildUser(a);
  providers.addEvent('google', {
    title: 'En tâche de fond',
    start: '2031-02-01T09:00:00Z',
    end: '2031-02-01T10:00:00Z',
  });
  providers.listDelayMs = 300;
  const created = await alice.client.post<ConnectionCreated>('/api/calendar/connections', {
    provider: 'google',
  });
  const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  await alice.client.get(`${back.pathname}${back.search}`);
  await alice.client.patch(`/api/calendar/connections/${created.body.connection.id}`, {
    calendarId: FAKE_CALENDAR_ID,
  });

  // Node b, never asked, syncs as well as a; the lease keeps their syncs apart.
  const deadline = Date.now() + 10_000;
  let listed: CalendarConnection | undefined;
  while (Date.now() < deadline) {
    [listed] = (await alice.client.get<CalendarConnection[]>('/api/calendar/connections')).body;
    if (listed?.lastSyncAt && providers.listings >= 3) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(listed?.lastSyncAt).not.toBeNull();
  expect(providers.listings).toBeGreaterThanOrEqual(3);
  expect(providers.maxListing).toBe(1);
  const events = await fetch(`${b.url}/api/calendar/events`, {
    headers: { cookie: alice.client.cookieHeader },
  });
  expect(((await events.json()) as unknown[]).length).toBe(1);
});

/** Polls `check` until it holds (the loop runs every 200 ms), or fails after 10 s. */
async function eventually(check: () => Promise<boolean> | boolean): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the background sync did not get there in 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('retries a deletion the provider failed (503) until it gets through, without a click', async () => {
  const [a] = nodes as [TestServer, TestServer];
  providers.listDelayMs = 0;
  const bob = await buildUser(a);
  const remote = providers.addEvent('outlook', {
    title: 'À supprimer',
    start: '2031-02-02T09:00:00Z',
    end: '2031-02-02T10:00:00Z',
  });
  await connectCalendar(a, bob, 'outlook', 'bidirectional');
  await eventually(async () => (await calendarEventsOf(bob)).length === 1);
  const [mine] = await calendarEventsOf(bob);
  providers.failNext('outlook', 1, 503, 'DELETE');
  await bob.client.delete(`/api/calendar/events/${mine!.id}`);

  // The first DELETE fails and marks the connection failed; a later tick sends it again.
  await eventually(() => !providers.liveEvents('outlook').some((e) => e.id === remote.id));
  expect(providers.stores.outlook.deletes.filter((id) => id === remote.id)).toHaveLength(2);
  await eventually(async () => {
    const [listed] = (await bob.client.get<CalendarConnection[]>('/api/calendar/connections')).body;
    return listed?.status === 'connected';
  });
  expect(await calendarEventsOf(bob)).toEqual([]);
});
