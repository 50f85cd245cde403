import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Board, BoardList, Task } from '#shared/boards';
import type { CalendarConnection, ConnectionCreated, RemoteCalendar } from '#shared/calendar';
import type { Channel } from '#shared/channels';
import { MY_DAY_DATE_INVALID, type MyDay, type MyDayEmailSetting } from '#shared/my-day';
import type { Reminder } from '#shared/reminders';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { FAKE_CALENDAR_ID, FakeCalendarProviders } from '../../../test/fake-calendar-providers';
import { startTestServer, type TestServer } from '../../../test/server';
import { dateIn, dayBounds } from './day';

let providers: FakeCalendarProviders;
let server: TestServer;
beforeAll(async () => {
  providers = await new FakeCalendarProviders().start();
  server = await startTestServer({
    env: { ...providers.env(), CALENDAR_SYNC_INTERVAL_MS: '0', REMINDERS_POLL_MS: '0' },
  });
});
afterAll(async () => {
  await server?.close();
  await providers?.close();
});

// A day ten days ahead (reminders may be set on it), in Paris; `at(h)`: h hours after its midnight.
const DAY = dateIn('Europe/Paris', new Date(Date.now() + 10 * 24 * 3600_000));
const MIDNIGHT = dayBounds(DAY, 'Europe/Paris').from.getTime();
const at = (hours: number) => new Date(MIDNIGHT + hours * 3600_000).toISOString();
/** DAY moved by `n` days. */
const shift = (n: number) =>
  new Date(Date.parse(`${DAY}T00:00:00Z`) + n * 24 * 3600_000).toISOString().slice(0, 10);
const dayOf = (who: Actor, date = DAY) =>
  who.client.get<MyDay & ApiErrorBody>(`/api/me/day?date=${date}`);

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function person(name: string): Promise<Actor> {
  const actor = await buildUser(server, { displayName: name });
  await actor.client.request('PUT', '/api/me/time-zone', { timeZone: 'Europe/Paris' });
  return actor;
}

async function channelWith(owner: Actor, ...others: Actor[]): Promise<Channel> {
  const channel = await buildChannel(owner);
  for (const other of others) await addMember(channel, owner, other);
  return channel;
}

async function boardIn(owner: Actor, channel: Channel): Promise<{ board: Board; list: BoardList }> {
  const board = (
    await owner.client.post<Board>(`/api/channels/${channel.id}/boards`, { name: 'Sprint' })
  ).body;
  const list = (
    await owner.client.post<BoardList>(`/api/boards/${board.id}/lists`, { name: 'À faire' })
  ).body;
  return { board, list };
}

async function task(
  who: Actor,
  listId: string,
  title: string,
  assignee: Actor | null,
  dueDate: string | null,
): Promise<Task> {
  const res = await who.client.post<Task>(`/api/lists/${listId}/tasks`, {
    title,
    assignedToId: assignee?.user.id ?? null,
    dueDate,
  });
  expect(res.status).toBe(201);
  return res.body;
}

const event = (who: Actor, title: string, start: string, end: string, allDay = false) =>
  who.client.post('/api/calendar/events', { title, startTime: start, endTime: end, allDay });

const remind = async (who: Actor, note: string, at: string) => {
  const res = await who.client.post<Reminder>('/api/reminders', { note, at });
  expect(res.status).toBe(201);
  return res.body;
};

/** The whole consent round trip of the fake Google, then its calendar picked and synced. */
async function syncGoogle(who: Actor): Promise<void> {
  const created = await who.client.post<ConnectionCreated>('/api/calendar/connections', {
    provider: 'google',
    calendarName: '',
    syncDirection: 'import',
    isActive: true,
  });
  const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  const done = await who.client.get(`${back.pathname}${back.search}`);
  const pick = new URL(done.headers.get('location')!, server.url).searchParams.get('pick')!;
  const calendars = await who.client.get<RemoteCalendar[]>(
    `/api/calendar/connections/${pick}/calendars`,
  );
  const picked = await who.client.patch<CalendarConnection>(`/api/calendar/connections/${pick}`, {
    calendarId: FAKE_CALENDAR_ID,
    calendarName: calendars.body[0]!.name,
  });
  const synced = await who.client.post(`/api/calendar/sync/${picked.body.id}`);
  expect(synced.status).toBe(200);
}

describe('GET /api/me/day', () => {
  it('gathers the caller’s events, due tasks, unread mentions, messages, threads and reminders — only theirs', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const channel = await channelWith(alice, bob);

    // Events of the day in Paris, not the evening before nor the next day.
    await event(alice, 'Point d’équipe', at(10), at(11));
    await event(alice, 'Demain', at(24 + 10), at(24 + 11));
    await event(alice, 'Tard la veille', at(-3), at(-1.5));
    await event(alice, 'Congé', `${DAY}T00:00:00.000Z`, `${shift(1)}T00:00:00.000Z`, true);
    await event(bob, 'Celui de Bob', at(10), at(11));
    providers.addEvent('google', { title: 'Réunion Google', start: at(14), end: at(15) });
    await syncGoogle(alice);

    // Tasks: overdue and due today are shown; later, done, unassigned or someone else's are not.
    const { board, list } = await boardIn(alice, channel);
    const overdue = await task(alice, list.id, 'En retard', alice, shift(-4));
    const today = await task(bob, list.id, 'Pour aujourd’hui', alice, DAY);
    await task(alice, list.id, 'Plus tard', alice, shift(1));
    await task(alice, list.id, 'Sans date', alice, null);
    await task(alice, list.id, 'À Bob', bob, DAY);
    const done = await task(alice, list.id, 'Faite', alice, shift(-3));
    const completed = await alice.client.patch<Task>(`/api/tasks/${done.id}`, { completed: true });
    expect(completed.body.completedAt).not.toBeNull();

    // Reminders: those of the day, Paris time.
    const morning = await remind(alice, 'Appeler Paul', at(8.5));
    await remind(alice, 'Le lendemain', at(24.5));
    await remind(alice, 'La veille', at(-0.5));
    await remind(bob, 'Rappel de Bob', at(8.5));

    // Mentions, a direct message, a followed thread with a new reply.
    const mention = await sendMessage(bob, channel.id, {
      content: `regarde @${alice.user.displayName}`,
      mentions: [alice.user.id],
    });
    const direct = (
      await alice.client.post<{ id: string }>('/api/channels/direct', { recipientId: bob.user.id })
    ).body;
    const dm = await sendMessage(bob, direct.id, 'Tu as un moment ?');
    const parent = await sendMessage(alice, channel.id, 'Qui relit la note ?');
    await sendMessage(bob, channel.id, { content: 'Moi', parentMessageId: parent.id });

    const day = await waitFor(
      async () => (await dayOf(alice)).body,
      (d) => d.mentions.length === 1 && d.directMessages.length === 1 && d.threads.length === 1,
    );
    expect(day.date).toBe(DAY);
    expect(day.timeZone).toBe('Europe/Paris');
    expect(day.events.map((e) => [e.title, e.source])).toEqual([
      ['Congé', 'ruche'],
      ['Point d’équipe', 'ruche'],
      ['Réunion Google', 'google'],
    ]);
    expect(day.events[1]!.href).toBe(`/calendar?date=${DAY}&event=${day.events[1]!.id}`);
    expect(day.tasks.map((t) => [t.title, t.overdue])).toEqual([
      ['En retard', true],
      ['Pour aujourd’hui', false],
    ]);
    expect(day.tasks[0]).toMatchObject({
      id: overdue.id,
      boardName: 'Sprint',
      listName: 'À faire',
      channelName: channel.name,
      href: `/channel/${channel.id}?tab=board&board=${board.id}&task=${overdue.id}`,
    });
    expect(day.tasks[1]!.id).toBe(today.id);
    expect(day.reminders.map((r) => [r.id, r.excerpt, r.delivered])).toEqual([
      [morning.id, 'Appeler Paul', false],
    ]);
    expect(day.reminders[0]!.href).toBe('/rappels');
    expect(day.mentions[0]).toMatchObject({
      messageId: mention.id,
      channelId: channel.id,
      author: { id: bob.user.id, name: 'Bob' },
      href: `/channel/${channel.id}?message=${mention.id}`,
    });
    expect(day.mentions[0]!.excerpt).toContain('regarde');
    expect(day.directMessages[0]).toMatchObject({
      messageId: dm.id,
      channelType: 'direct',
      excerpt: 'Tu as un moment ?',
      href: `/channel/${direct.id}?message=${dm.id}`,
    });
    expect(day.threads[0]).toMatchObject({
      parentMessageId: parent.id,
      channelName: channel.name,
      unreadCount: 1,
      excerpt: 'Qui relit la note ?',
      href: `/channel/${channel.id}?message=${parent.id}`,
    });
    expect(day.totals).toEqual({
      events: 3,
      tasks: 2,
      mentions: 1,
      directMessages: 1,
      threads: 1,
      reminders: 1,
    });

    // Bob's day shows none of Alice's: his event, his task, his reminder; nothing unread.
    const bobs = (await dayOf(bob)).body;
    expect(bobs.events.map((e) => e.title)).toEqual(['Celui de Bob']);
    expect(bobs.tasks.map((t) => t.title)).toEqual(['À Bob']);
    expect(bobs.reminders.map((r) => r.excerpt)).toEqual(['Rappel de Bob']);
    expect(bobs.mentions).toEqual([]);
    expect(bobs.directMessages).toEqual([]);
    expect(bobs.threads).toEqual([]);
  });

  it('drops a mention read on another device, a thread read, and a task marked done', async () => {
    const alice = await person('Alice');
    const bob = await person('Bob');
    const channel = await channelWith(alice, bob);
    const { list } = await boardIn(alice, channel);
    const due = await task(alice, list.id, 'À rendre', alice, '2020-01-01');
    await sendMessage(bob, channel.id, {
      content: `@${alice.user.displayName} tu valides ?`,
      mentions: [alice.user.id],
    });
    const parent = await sendMessage(alice, channel.id, 'Fil');
    const reply = await sendMessage(bob, channel.id, {
      content: 'Réponse',
      parentMessageId: parent.id,
    });
    const before = await waitFor(
      async () => (await alice.client.get<MyDay>('/api/me/day')).body,
      (d) => d.mentions.length === 1 && d.threads.length === 1,
    );
    expect(before.tasks.map((t) => t.id)).toEqual([due.id]);
    expect(before.tasks[0]!.overdue).toBe(true);

    // « Another device »: the same person's second session.
    const phone = new TestClient(server.url);
    const signedIn = await phone.post('/api/auth/login', {
      email: alice.user.email,
      password: alice.password,
    });
    expect(signedIn.status).toBe(200);
    const read = await phone.request(
      'PATCH',
      `/api/notifications/${before.mentions[0]!.notificationId}/read`,
    );
    expect(read.status).toBe(204);
    await phone.post(`/api/threads/${parent.id}/read`, { seq: reply.seq });
    await phone.patch(`/api/tasks/${due.id}`, { completed: true });

    const after = (await alice.client.get<MyDay>('/api/me/day')).body;
    expect(after.mentions).toEqual([]);
    expect(after.threads).toEqual([]);
    expect(after.tasks).toEqual([]);
    expect(after.totals.mentions).toBe(0);

    // Marked to do again, the task is back.
    await alice.client.patch(`/api/tasks/${due.id}`, { completed: false });
    expect((await alice.client.get<MyDay>('/api/me/day')).body.tasks.map((t) => t.id)).toEqual([
      due.id,
    ]);
  });

  it('is today in the person’s own time zone by default', async () => {
    const alice = await buildUser(server);
    await alice.client.request('PUT', '/api/me/time-zone', { timeZone: 'Pacific/Kiritimati' });
    const before = dateIn('Pacific/Kiritimati');
    const { body } = await alice.client.get<MyDay>('/api/me/day');
    expect([before, dateIn('Pacific/Kiritimati')]).toContain(body.date);
    expect(body.timeZone).toBe('Pacific/Kiritimati');
  });

  it('its e-mail is off, and unavailable on an instance without SMTP', async () => {
    const alice = await person('Alice');
    const res = await alice.client.get<MyDayEmailSetting>('/api/me/day/email');
    expect(res.body).toEqual({ enabled: false, available: false, nextSendAt: null });
  });

  it('refuses a malformed date, an unknown parameter, and a visitor without a session', async () => {
    const alice = await buildUser(server);
    for (const query of ['?date=06-01-2031', '?date=2031-02-30x', '?userId=x']) {
      const res = await alice.client.get<ApiErrorBody>(`/api/me/day${query}`);
      expect(res.status).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await alice.client.get<ApiErrorBody>('/api/me/day?date=nope')).body.message).toBe(
      MY_DAY_DATE_INVALID,
    );
    const anonymous = await fetch(`${server.url}/api/me/day`);
    expect(anonymous.status).toBe(401);
  });
});
