import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type {
  CalendarConnection,
  CalendarEvent,
  ConnectionCreated,
  RemoteCalendar,
  SyncResult,
} from '#shared/calendar';
import {
  SLOT_PERSON_NOT_FOUND,
  SLOT_RANGE_TOO_LONG,
  type SlotSearchResult,
} from '#shared/calendar-slots';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { FAKE_CALENDAR_ID, FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { startTestServer, type TestServer } from '../../../test/server';

let providers: FakeCalendarProviders;
let server: TestServer;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let dave: Actor;
let group: Channel;
let carolConnection: CalendarConnection;

/** The consent round trip of sync.test.ts, then the calendar picked. */
async function connect(who: Actor, syncDirection: 'import' | 'bidirectional') {
  const created = await who.client.post<ConnectionCreated>('/api/calendar/connections', {
    provider: 'google',
    calendarName: '',
    syncDirection,
    isActive: true,
  });
  const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const done = await who.client.get(`${back.pathname}${back.search}`);
  const pick = new URL(done.headers.get('location')!, server.url).searchParams.get('pick')!;
  await who.client.get<RemoteCalendar[]>(`/api/calendar/connections/${pick}/calendars`);
  const picked = await who.client.patch<CalendarConnection>(`/api/calendar/connections/${pick}`, {
    calendarId: FAKE_CALENDAR_ID,
  });
  expect(picked.body.status).toBe('connected');
  return picked.body;
}

// Monday 16 June 2031 (no public holiday that week), Paris summer time (UTC+2): 09:00 there is 07:00Z.
const paris = (day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2031, 5, day, hour - 2, minute)).toISOString();
const WEEK = { from: paris(16, 0), to: paris(21, 0) };

type SlotsReply = SlotSearchResult & ApiErrorBody;
const slots = (who: Actor, body: Record<string, unknown>) =>
  who.client.post<SlotsReply>('/api/calendar/slots', {
    durationMinutes: 30,
    ...WEEK,
    ...body,
  });
const eventsOf = async (who: Actor) =>
  (await who.client.get<CalendarEvent[]>('/api/calendar/events')).body;

beforeAll(async () => {
  providers = await new FakeCalendarProviders().start();
  server = await startTestServer({ env: { ...providers.env(), CALENDAR_SYNC_INTERVAL_MS: '0' } });
  const named = (displayName: string) => buildUser(server, { displayName });
  [alice, bob, carol, dave] = [
    await named('Alice'),
    await named('Bob'),
    await named('Carole'),
    await named('Dave'),
  ];
  group = await buildChannel(alice, { type: 'group', name: 'projet' });
  await addMember(group, alice, bob);
  await addMember(group, alice, carol);
  // Bob's own event at 09:00–10:00; Carole's Google calendar, synced, at 10:00–10:45.
  const own = await bob.client.post('/api/calendar/events', {
    title: 'Dentiste secret',
    description: 'Détartrage',
    location: 'Cabinet du Dr Secret',
    startTime: paris(16, 9),
    endTime: paris(16, 10),
  });
  expect(own.status).toBe(201);
  carolConnection = await connect(carol, 'bidirectional');
  providers.addEvent('google', {
    title: 'Entretien confidentiel',
    location: 'Salle Privée',
    start: paris(16, 10),
    end: paris(16, 10, 45),
  });
  const synced = await carol.client.post<SyncResult>(`/api/calendar/sync/${carolConnection.id}`);
  expect(synced.body.imported).toBe(1);
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

describe('POST /api/calendar/slots', () => {
  it('proposes the first slots free for everyone, within working hours, skipping busy time', async () => {
    const res = await slots(alice, { userIds: [bob.user.id, carol.user.id], channelId: group.id });
    expect(res.status).toBe(200);
    expect(res.body.people).toEqual([
      { userId: alice.user.id, displayName: 'Alice' },
      { userId: bob.user.id, displayName: 'Bob' },
      { userId: carol.user.id, displayName: 'Carole' },
    ]);
    // Bob's 09:00–10:00 and Carole's synced 10:00–10:45 are skipped; then back to back.
    expect(res.body.slots.slice(0, 3)).toEqual([
      { start: paris(16, 10, 45), end: paris(16, 11, 15) },
      { start: paris(16, 11, 15), end: paris(16, 11, 45) },
      { start: paris(16, 11, 45), end: paris(16, 12, 15) },
    ]);
    expect(res.body.slots).toHaveLength(5);
  });

  it('others’ busy times never reveal event details', async () => {
    const res = await slots(alice, { userIds: [bob.user.id, carol.user.id] });
    const text = JSON.stringify(res.body);
    for (const secret of [
      'Dentiste',
      'Détartrage',
      'Cabinet',
      'Entretien',
      'Salle',
      // Not even when the busy times begin or end.
      paris(16, 9),
      paris(16, 10),
    ]) {
      expect(text).not.toContain(secret);
    }
    expect(Object.keys(res.body).sort()).toEqual(['people', 'slots']);
    expect(Object.keys(res.body.slots[0]!).sort()).toEqual(['end', 'start']);
  });

  it('counts only working time: a long meeting goes to the afternoon, the weekend is skipped', async () => {
    const res = await slots(alice, {
      userIds: [bob.user.id],
      durationMinutes: 8 * 60,
      from: paris(20, 0),
      to: paris(24, 0),
    });
    // Eight hours fit once a working day (09:00–17:00): Friday, then Monday.
    expect(res.body.slots).toEqual([
      { start: paris(20, 9), end: paris(20, 17) },
      { start: paris(23, 9), end: paris(23, 17) },
    ]);
  });

  it('skips French public holidays (the right to disconnect’s working time)', async () => {
    // Monday 2 June 2031 is Whit Monday.
    const res = await slots(alice, { userIds: [bob.user.id], from: paris(2, 0), to: paris(4, 0) });
    expect(res.body.slots[0]).toEqual({ start: paris(3, 9), end: paris(3, 9, 30) });
  });

  it('answers one 404 for anyone who shares no conversation with the caller, or does not exist', async () => {
    const stranger = await slots(alice, { userIds: [dave.user.id] });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(SLOT_PERSON_NOT_FOUND);
    const unknown = await slots(alice, { userIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(SLOT_PERSON_NOT_FOUND);
    const notMine = await slots(dave, { userIds: [], channelId: group.id });
    expect(notMine.status).toBe(404);
  });

  it('refuses a bad duration, range or number of people with 400', async () => {
    expect((await slots(alice, { userIds: [], durationMinutes: 10 })).status).toBe(400);
    expect((await slots(alice, { userIds: [], durationMinutes: 8 * 60 + 15 })).status).toBe(400);
    const long = await slots(alice, { userIds: [], from: paris(16, 0), to: paris(48, 0) });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe(SLOT_RANGE_TOO_LONG);
    expect((await slots(alice, { userIds: [], from: paris(17, 0), to: paris(16, 0) })).status).toBe(
      400,
    );
    const many = Array.from(
      { length: 21 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect((await slots(alice, { userIds: many })).status).toBe(400);
    expect((await slots(alice, { userIds: ['pas-un-id'] })).status).toBe(400);
  });

  it('proposes nothing in the past', async () => {
    const res = await slots(alice, {
      userIds: [],
      from: '2020-01-06T00:00:00Z',
      to: '2020-01-10T00:00:00Z',
    });
    expect(res.status).toBe(200);
    expect(res.body.slots).toEqual([]);
  });
});

describe('POST /api/calendar/events with attendees', () => {
  it('books the meeting on each calendar, announces it in the conversation and exports it', async () => {
    const found = await slots(alice, { userIds: [bob.user.id, carol.user.id] });
    const slot = found.body.slots[0]!;
    const res = await alice.client.post<CalendarEvent & ApiErrorBody>('/api/calendar/events', {
      title: 'Point projet',
      startTime: slot.start,
      endTime: slot.end,
      attendeeIds: [bob.user.id, carol.user.id],
      channelId: group.id,
    });
    expect(res.status).toBe(201);
    expect(res.body.meetingId).toBe(res.body.id);
    expect(res.body.attendees.map((a) => a.displayName)).toEqual(['Alice', 'Bob', 'Carole']);

    for (const who of [alice, bob, carol]) {
      const mine = (await eventsOf(who)).find((e) => e.meetingId === res.body.id);
      expect(mine).toMatchObject({
        userId: who.user.id,
        title: 'Point projet',
        startTime: slot.start,
        endTime: slot.end,
      });
      expect(mine?.attendees.map((a) => a.userId)).toEqual([
        alice.user.id,
        bob.user.id,
        carol.user.id,
      ]);
    }
    expect((await eventsOf(dave)).some((e) => e.meetingId === res.body.id)).toBe(false);

    const page = await bob.client.get<{ messages: Message[] }>(
      `/api/channels/${group.id}/messages`,
    );
    expect(page.status, JSON.stringify(page.body)).toBe(200);
    const announced = page.body.messages.find((m) => m.content.includes(res.body.id));
    expect(announced?.userId).toBe(alice.user.id);
    expect(announced?.content).toBe(
      `📅 [Point projet — lundi 16 juin, 10\u00a0h\u00a045 – 11\u00a0h\u00a015](/calendar?meeting=${res.body.id})`,
    );

    // Carole's connection exports: her copy reaches her Google calendar without waiting.
    await expect
      .poll(() => providers.liveEvents('google').some((e) => e.title === 'Point projet'), {
        timeout: 15_000,
      })
      .toBe(true);

    // The booked time is now taken for all three.
    const again = await slots(bob, { userIds: [alice.user.id, carol.user.id] });
    expect(again.body.slots[0]).toEqual({ start: slot.end, end: paris(16, 11, 45) });
  });

  it('creates nothing when a person or the conversation is not the organizer’s', async () => {
    const before = (await eventsOf(alice)).length;
    const body = { title: 'Refusé', startTime: paris(17, 9), endTime: paris(17, 10) };
    const stranger = await alice.client.post<ApiErrorBody>('/api/calendar/events', {
      ...body,
      attendeeIds: [bob.user.id, dave.user.id],
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe(SLOT_PERSON_NOT_FOUND);
    const elsewhere = await dave.client.post<ApiErrorBody>('/api/calendar/events', {
      ...body,
      channelId: group.id,
    });
    expect(elsewhere.status).toBe(404);
    expect((await eventsOf(alice)).length).toBe(before);
    expect((await eventsOf(bob)).some((e) => e.title === 'Refusé')).toBe(false);
    expect((await eventsOf(dave)).some((e) => e.title === 'Refusé')).toBe(false);
  });
});
