import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { CalendarConnection, CalendarEvent } from '#shared/calendar';
import { connectCalendar, syncCalendar } from '../../../test/calendar-connections';
import { type Actor, buildUser } from '../../../test/factories';
import {
  FakeCalendarProviders,
  type FakeProviderName,
} from '../../../test/fake-calendar-providers';
import { startTestServer, type TestServer } from '../../../test/server';

let providers: FakeCalendarProviders;
let server: TestServer;
beforeAll(async () => {
  providers = await new FakeCalendarProviders().start();
  server = await startTestServer({ env: { ...providers.env(), CALENDAR_SYNC_INTERVAL_MS: '0' } });
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

const connect = (
  who: Actor,
  provider: FakeProviderName,
  direction: 'import' | 'export' | 'bidirectional' = 'import',
) => connectCalendar(server, who, provider, direction);
const sync = syncCalendar;
const eventsOf = async (who: Actor) =>
  (await who.client.get<CalendarEvent[]>('/api/calendar/events')).body;
const at = (day: number, hour: number) => new Date(Date.UTC(2031, 0, day, hour)).toISOString();

describe.each(['google', 'outlook'] as const)('%s sync', (provider) => {
  const source = provider;

  it('imports every page, then skips what did not change, and follows changes and deletions', async () => {
    const alice = await buildUser(server);
    const remote = [1, 2, 3, 4, 5].map((day) =>
      providers.addEvent(provider, {
        title: `${provider} ${day}`,
        start: at(day, 9),
        end: at(day, 10),
        location: 'Bureau',
      }),
    );
    const allDay = providers.addEvent(provider, {
      title: 'Férié',
      start: '2031-01-06',
      end: '2031-01-07',
    });
    const connection = await connect(alice, provider);

    const first = await sync(alice, connection.id);
    expect(first.body).toEqual({ imported: 6, skipped: 0 });
    const mine = (await eventsOf(alice)).filter((e) => e.connectionId === connection.id);
    expect(mine).toHaveLength(6);
    expect(mine[0]).toMatchObject({
      title: `${provider} 1`,
      externalSource: source,
      location: 'Bureau',
    });
    expect(mine.find((e) => e.externalId === allDay.id)).toMatchObject({
      allDay: true,
      startTime: '2031-01-06T00:00:00.000Z',
      endTime: '2031-01-07T00:00:00.000Z',
    });

    const second = await sync(alice, connection.id);
    expect(second.body).toEqual({ imported: 0, skipped: 6 });

    providers.changeEvent(provider, remote[0]!.id, {
      title: 'Déplacé',
      start: at(8, 14),
      end: at(8, 15),
    });
    providers.deleteEvent(provider, remote[1]!.id);
    const third = await sync(alice, connection.id);
    expect(third.body).toEqual({ imported: 1, skipped: 4 });
    const after = (await eventsOf(alice)).filter((e) => e.connectionId === connection.id);
    expect(after).toHaveLength(5);
    expect(after.find((e) => e.externalId === remote[0]!.id)).toMatchObject({
      title: 'Déplacé',
      startTime: at(8, 14),
    });
    expect(after.some((e) => e.externalId === remote[1]!.id)).toBe(false);

    const listed = await alice.client.get<CalendarConnection[]>('/api/calendar/connections');
    expect(listed.body[0]).toMatchObject({ status: 'connected', lastError: null });
    expect(listed.body[0]!.lastSyncAt).not.toBeNull();
    for (const e of providers.liveEvents(provider)) providers.deleteEvent(provider, e.id);
  });

  it('exports local events once, then updates them, without importing them back', async () => {
    const bob = await buildUser(server);
    const connection = await connect(bob, provider, 'bidirectional');
    await sync(bob, connection.id);
    const before = providers.stores[provider].created;
    const made = await bob.client.post<CalendarEvent>('/api/calendar/events', {
      title: 'Atelier',
      startTime: at(20, 9),
      endTime: at(20, 11),
    });
    expect((await sync(bob, connection.id)).body.imported).toBe(0);
    expect(providers.stores[provider].created).toBe(before + 1);
    const copy = providers.liveEvents(provider).find((e) => e.title === 'Atelier')!;
    expect(new Date(copy.start).toISOString()).toBe(at(20, 9));

    await sync(bob, connection.id);
    expect(providers.stores[provider].created).toBe(before + 1);
    expect(await eventsOf(bob)).toHaveLength(1);

    await bob.client.patch(`/api/calendar/events/${made.body.id}`, { title: 'Atelier (salle 3)' });
    await sync(bob, connection.id);
    expect(providers.stores[provider].created).toBe(before + 1);
    expect(providers.stores[provider].events.get(copy.id)!.title).toBe('Atelier (salle 3)');
    expect(await eventsOf(bob)).toHaveLength(1);
    for (const e of providers.liveEvents(provider)) providers.deleteEvent(provider, e.id);
    await sync(bob, connection.id);
  });

  it('refreshes an expired access token, and keeps tokens encrypted at rest', async () => {
    const carol = await buildUser(server);
    const connection = await connect(carol, provider);
    providers.addEvent(provider, { title: 'Après expiration', start: at(9, 9), end: at(9, 10) });
    providers.expireAccessTokens(provider);
    const refreshes = providers.stores[provider].refreshCalls;
    const res = await sync(carol, connection.id);
    expect(res.status).toBe(200);
    expect(res.body.imported).toBe(1);
    expect(providers.stores[provider].refreshCalls).toBe(refreshes + 1);

    const [row] = await server.database.sql`
      select access_token_enc, refresh_token_enc from calendar_connections where id = ${connection.id}`;
    const stored = `${row!.access_token_enc} ${row!.refresh_token_enc}`;
    for (const t of providers.stores[provider].access.keys()) expect(stored).not.toContain(t);
    for (const t of providers.stores[provider].refresh) expect(stored).not.toContain(t);
    expect(row!.access_token_enc).toMatch(/^v1\./);
    for (const e of providers.liveEvents(provider)) providers.deleteEvent(provider, e.id);
  });

  it('resyncs from scratch without duplicates when the cursor is gone (410)', async () => {
    const dan = await buildUser(server);
    const connection = await connect(dan, provider);
    const kept = providers.addEvent(provider, {
      title: 'Gardé',
      start: at(10, 9),
      end: at(10, 10),
    });
    const dropped = providers.addEvent(provider, {
      title: 'Retiré',
      start: at(11, 9),
      end: at(11, 10),
    });
    expect((await sync(dan, connection.id)).body.imported).toBe(2);
    providers.invalidateCursors(provider);
    // Gone from the provider's full listing while our cursor was stale.
    providers.stores[provider].events.delete(dropped.id);
    const res = await sync(dan, connection.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ imported: 0, skipped: 1 });
    const mine = (await eventsOf(dan)).filter((e) => e.connectionId === connection.id);
    expect(mine.map((e) => e.externalId)).toEqual([kept.id]);
    for (const e of providers.liveEvents(provider)) providers.deleteEvent(provider, e.id);
  });

  it('marks the connection failed when the refresh token is revoked', async () => {
    const erin = await buildUser(server);
    const connection = await connect(erin, provider);
    providers.revokeRefreshTokens(provider);
    const res = await sync(erin, connection.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/révoqué/);
    const [listed] = (await erin.client.get<CalendarConnection[]>('/api/calendar/connections'))
      .body;
    expect(listed).toMatchObject({ status: 'failed', lastError: res.body.message });
  });
});

describe('connections', () => {
  it('honours 429 Retry-After, and lets one sync run at a time', async () => {
    const fay = await buildUser(server);
    const connection = await connect(fay, 'google');
    providers.addEvent('google', { title: 'Limité', start: at(12, 9), end: at(12, 10) });
    providers.throttleNext('google', 1);
    const [a, b] = await Promise.all([sync(fay, connection.id), sync(fay, connection.id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const busy = a.status === 409 ? a : b;
    expect(busy.body.message).toBe('Une synchronisation de cette connexion est déjà en cours');
    expect((a.status === 200 ? a : b).body.imported).toBe(1);
    expect(providers.stores.google.throttle).toBe(0);
    for (const e of providers.liveEvents('google')) providers.deleteEvent('google', e.id);
  });

  it('records a provider failure on the connection, and clears it at the next success', async () => {
    const ida = await buildUser(server);
    const connection = await connect(ida, 'google');
    providers.stores.google.failures = 1;
    const failed = await sync(ida, connection.id);
    expect(failed.status).toBe(502);
    expect(failed.body.message).toBe(
      'Le fournisseur d’agenda n’a pas répondu correctement : réessayez plus tard',
    );
    const list = async () =>
      (await ida.client.get<CalendarConnection[]>('/api/calendar/connections')).body[0];
    expect(await list()).toMatchObject({ status: 'failed', lastError: failed.body.message });
    expect((await sync(ida, connection.id)).status).toBe(200);
    expect(await list()).toMatchObject({ status: 'connected', lastError: null });
  });

  it('refuses inactive connections, hides them from others, and deletes them with their events', async () => {
    const gus = await buildUser(server);
    const other = await buildUser(server);
    providers.addEvent('google', { title: 'Importé', start: at(13, 9), end: at(13, 10) });
    const connection = await connect(gus, 'google');
    const path = `/api/calendar/connections/${connection.id}`;
    expect((await other.client.patch(path, { isActive: false })).status).toBe(404);
    expect((await sync(other, connection.id)).status).toBe(404);
    expect((await other.client.delete(path)).status).toBe(404);

    await sync(gus, connection.id);
    expect(
      (await gus.client.patch<CalendarConnection>(path, { isActive: false })).body.isActive,
    ).toBe(false);
    const refused = await sync(gus, connection.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/inactive/);

    expect((await gus.client.delete(path)).status).toBe(204);
    expect(await eventsOf(gus)).toEqual([]);
    const rows = await server.database
      .sql`select 1 from calendar_connections where id = ${connection.id}`;
    expect(rows).toHaveLength(0);
    for (const e of providers.liveEvents('google')) providers.deleteEvent('google', e.id);
  });

  it('validates the connection form and refuses an unknown provider', async () => {
    const hal = await buildUser(server);
    const bad = await hal.client.post<ApiErrorBody>('/api/calendar/connections', {
      provider: 'yahoo',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Le fournisseur est google ou outlook');
  });
});
