import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '#shared/calendar';
import { connectCalendar, syncCalendar as sync } from '../../../test/calendar-connections';
import { calendarEventsOf } from '../../../test/calendar-world';
import { type Actor, buildUser } from '../../../test/factories';
import { FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { startTestServer, type TestServer } from '../../../test/server';

// docs/calendar.md "Conflicts and deletions", against loopback servers that follow Google
// Calendar v3 and Microsoft Graph; every sync is asked by hand (no background loop here).
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

const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, day, hour)).toISOString();
const byExternal = async (who: Actor, externalId: string) =>
  (await calendarEventsOf(who)).find((e) => e.externalId === externalId);
const tombstones = async (connectionId: string) =>
  server.database.sql`select external_id, attempts from calendar_deletions
    where connection_id = ${connectionId}`;

describe.each(['google', 'outlook'] as const)('%s conflicts and deletions', (provider) => {
  // One fake account serves every test: each starts from an empty remote calendar.
  afterEach(() => {
    for (const e of providers.liveEvents(provider)) providers.deleteEvent(provider, e.id);
    providers.failNext(provider, 0);
  });
  const remoteTitle = (id: string) => providers.stores[provider].events.get(id)!.title;

  it('keeps the later edit when both sides changed, and shows the other on the event', async () => {
    const alice = await buildUser(server);
    const early = providers.addEvent(provider, {
      title: 'Revue',
      start: at(2, 9),
      end: at(2, 10),
    });
    const late = providers.addEvent(provider, { title: 'Point', start: at(3, 9), end: at(3, 10) });
    const connection = await connectCalendar(server, alice, provider, 'bidirectional');
    expect((await sync(alice, connection.id)).body.imported).toBe(2);
    const [mineEarly, mineLate] = [
      (await byExternal(alice, early.id))!,
      (await byExternal(alice, late.id))!,
    ];

    // « Revue »: Ruche's edit first, the provider's a second later → the provider's wins.
    const edited = await alice.client.patch<CalendarEvent>(`/api/calendar/events/${mineEarly.id}`, {
      title: 'Revue (Ruche)',
      startTime: at(2, 14),
      endTime: at(2, 15),
    });
    const remoteAt = new Date(Date.parse(edited.body.updatedAt) + 1000);
    providers.changeEvent(provider, early.id, { title: 'Revue (distante)' }, remoteAt);
    // « Point »: the provider's edit first, Ruche's later → Ruche's wins and goes out.
    const pointAt = new Date(Date.now() - 60_000);
    providers.changeEvent(provider, late.id, { title: 'Point (distant)' }, pointAt);
    await alice.client.patch(`/api/calendar/events/${mineLate.id}`, { title: 'Point (Ruche)' });

    const res = await sync(alice, connection.id);
    expect(res.status).toBe(200);
    const revue = (await byExternal(alice, early.id))!;
    expect(revue).toMatchObject({ title: 'Revue (distante)', startTime: at(2, 9) });
    expect(revue.replacedVersion).toMatchObject({
      provider,
      side: 'ruche',
      change: 'edited',
      changedAt: edited.body.updatedAt,
      previous: { title: 'Revue (Ruche)', startTime: at(2, 14), endTime: at(2, 15) },
    });
    expect(remoteTitle(early.id)).toBe('Revue (distante)');
    const point = (await byExternal(alice, late.id))!;
    expect(point.title).toBe('Point (Ruche)');
    expect(point.replacedVersion).toMatchObject({
      provider,
      side: 'provider',
      change: 'edited',
      changedAt: pointAt.toISOString(),
      previous: { title: 'Point (distant)', startTime: at(3, 9) },
    });
    expect(remoteTitle(late.id)).toBe('Point (Ruche)');

    // Settled: the next sync changes nothing on either side, the notes stay until dismissed.
    const updates = providers.stores[provider].updated;
    expect((await sync(alice, connection.id)).body).toEqual({ imported: 0, skipped: 2 });
    expect(providers.stores[provider].updated).toBe(updates);
    expect((await byExternal(alice, early.id))!.replacedVersion).not.toBeNull();
    const dismissed = await alice.client.delete(
      `/api/calendar/events/${revue.id}/replaced-version`,
    );
    expect(dismissed.status).toBe(204);
    expect(await byExternal(alice, early.id)).toMatchObject({
      title: 'Revue (distante)',
      replacedVersion: null,
      updatedAt: revue.updatedAt,
    });
    const bob = await buildUser(server);
    const foreign = await bob.client.delete(`/api/calendar/events/${point.id}/replaced-version`);
    expect(foreign.status).toBe(404);
    await sync(alice, connection.id);
    expect(providers.stores[provider].updated).toBe(updates);
  });

  it('sends a deletion made in Ruche to the provider, and never imports the event again', async () => {
    const bob = await buildUser(server);
    const remote = providers.addEvent(provider, {
      title: 'Importé',
      start: at(5, 9),
      end: at(5, 10),
    });
    const connection = await connectCalendar(server, bob, provider, 'bidirectional');
    const own = await bob.client.post<CalendarEvent>('/api/calendar/events', {
      title: 'Créé dans Ruche',
      startTime: at(6, 9),
      endTime: at(6, 10),
    });
    await sync(bob, connection.id);
    const exported = (await calendarEventsOf(bob)).find((e) => e.id === own.body.id)!;
    expect(exported.externalId).not.toBeNull();
    const imported = (await byExternal(bob, remote.id))!;

    for (const id of [imported.id, own.body.id]) {
      expect((await bob.client.delete(`/api/calendar/events/${id}`)).status).toBe(204);
    }
    expect(await tombstones(connection.id)).toHaveLength(2);
    expect((await sync(bob, connection.id)).status).toBe(200);
    expect(providers.stores[provider].deletes).toEqual(
      expect.arrayContaining([remote.id, exported.externalId]),
    );
    expect(providers.liveEvents(provider)).toEqual([]);
    expect(await tombstones(connection.id)).toEqual([]);

    await sync(bob, connection.id);
    providers.invalidateCursors(provider);
    expect((await sync(bob, connection.id)).status).toBe(200);
    expect(await calendarEventsOf(bob)).toEqual([]);
  });

  it('keeps a deletion through a provider outage (503) and sends it once the provider is back', async () => {
    const carol = await buildUser(server);
    const remote = providers.addEvent(provider, {
      title: 'Panne',
      start: at(8, 9),
      end: at(8, 10),
    });
    const connection = await connectCalendar(server, carol, provider, 'bidirectional');
    await sync(carol, connection.id);
    const mine = (await byExternal(carol, remote.id))!;
    await carol.client.delete(`/api/calendar/events/${mine.id}`);

    providers.failNext(provider, 2, 503, 'DELETE');
    const down = await sync(carol, connection.id);
    expect(down.status).toBe(502);
    // A full listing while the provider still has it: the tombstone keeps it out.
    providers.invalidateCursors(provider);
    expect((await sync(carol, connection.id)).status).toBe(502);
    expect(await calendarEventsOf(carol)).toEqual([]);
    expect(await tombstones(connection.id)).toEqual([{ external_id: remote.id, attempts: 2 }]);
    expect(providers.liveEvents(provider).map((e) => e.id)).toEqual([remote.id]);

    const back = await sync(carol, connection.id);
    expect(back.status).toBe(200);
    expect(providers.stores[provider].deletes.filter((id) => id === remote.id)).toHaveLength(3);
    expect(providers.liveEvents(provider)).toEqual([]);
    expect(await tombstones(connection.id)).toEqual([]);
    const [listed] = (await carol.client.get<{ status: string }[]>('/api/calendar/connections'))
      .body;
    expect(listed).toMatchObject({ status: 'connected' });
    await sync(carol, connection.id);
    expect(await calendarEventsOf(carol)).toEqual([]);
  });

  it('removes an event deleted at the provider, unless it was edited in Ruche since', async () => {
    const dan = await buildUser(server);
    const gone = providers.addEvent(provider, {
      title: 'Annulé',
      start: at(10, 9),
      end: at(10, 10),
    });
    const kept = providers.addEvent(provider, {
      title: 'Gardé',
      start: at(11, 9),
      end: at(11, 10),
    });
    const connection = await connectCalendar(server, dan, provider, 'bidirectional');
    await sync(dan, connection.id);
    const mineKept = (await byExternal(dan, kept.id))!;
    await dan.client.patch(`/api/calendar/events/${mineKept.id}`, { location: 'Salle 2' });
    providers.deleteEvent(provider, gone.id);
    providers.deleteEvent(provider, kept.id);

    expect((await sync(dan, connection.id)).status).toBe(200);
    const events = await calendarEventsOf(dan);
    expect(events.map((e) => e.title)).toEqual(['Gardé']);
    // The edit wins over the deletion: the event stays, as Ruche's own, and goes out again.
    expect(events[0]).toMatchObject({ id: mineKept.id, location: 'Salle 2', externalSource: null });
    expect(events[0]!.replacedVersion).toMatchObject({
      provider,
      side: 'provider',
      change: 'deleted',
      previous: null,
    });
    // Google says when (the cancelled event's `updated`); Graph's @removed does not.
    if (provider === 'google') expect(events[0]!.replacedVersion!.changedAt).not.toBeNull();
    else expect(events[0]!.replacedVersion!.changedAt).toBeNull();
    const copy = providers.liveEvents(provider);
    expect(copy.map((e) => [e.title, e.location])).toEqual([['Gardé', 'Salle 2']]);
    expect(events[0]!.externalId).toBe(copy[0]!.id);
  });

  it('brings back an event deleted in Ruche when the provider changed it afterwards', async () => {
    const erin = await buildUser(server);
    const before = providers.addEvent(provider, {
      title: 'Avant',
      start: at(12, 9),
      end: at(12, 10),
    });
    const after = providers.addEvent(provider, {
      title: 'Après',
      start: at(13, 9),
      end: at(13, 10),
    });
    const connection = await connectCalendar(server, erin, provider, 'bidirectional');
    await sync(erin, connection.id);
    providers.changeEvent(
      provider,
      before.id,
      { title: 'Avant (modifié)' },
      new Date(Date.now() - 60_000),
    );
    for (const id of [before.id, after.id]) {
      await erin.client.delete(`/api/calendar/events/${(await byExternal(erin, id))!.id}`);
    }
    const [row] = await server.database.sql`select deleted_at from calendar_deletions
      where connection_id = ${connection.id} and external_id = ${after.id}`;
    const deletedAt = new Date(row!.deleted_at as string | Date);
    providers.changeEvent(
      provider,
      after.id,
      { title: 'Après (modifié)' },
      new Date(deletedAt.getTime() + 1000),
    );

    expect((await sync(erin, connection.id)).status).toBe(200);
    // Changed remotely before the deletion: the deletion, later, wins and goes out.
    expect(providers.stores[provider].deletes).toContain(before.id);
    expect(providers.liveEvents(provider).map((e) => e.id)).toEqual([after.id]);
    // Changed remotely after it: the edit wins, the event is back, and says so.
    const events = await calendarEventsOf(erin);
    expect(events.map((e) => e.title)).toEqual(['Après (modifié)']);
    expect(events[0]!.replacedVersion).toMatchObject({
      provider,
      side: 'ruche',
      change: 'deleted',
      changedAt: deletedAt.toISOString(),
    });
    expect(providers.stores[provider].deletes).not.toContain(after.id);
    expect(await tombstones(connection.id)).toEqual([]);
  });

  it('keeps an import-only connection’s deleted event out, without writing to the provider', async () => {
    const fay = await buildUser(server);
    const remote = providers.addEvent(provider, {
      title: 'Lecture seule',
      start: at(14, 9),
      end: at(14, 10),
    });
    const connection = await connectCalendar(server, fay, provider, 'import');
    await sync(fay, connection.id);
    await fay.client.delete(`/api/calendar/events/${(await byExternal(fay, remote.id))!.id}`);
    providers.invalidateCursors(provider);
    expect((await sync(fay, connection.id)).status).toBe(200);
    expect(await calendarEventsOf(fay)).toEqual([]);
    expect(providers.stores[provider].deletes).not.toContain(remote.id);
    expect(providers.liveEvents(provider).map((e) => e.id)).toEqual([remote.id]);
  });
});
