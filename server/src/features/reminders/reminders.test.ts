import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Message } from '#shared/messages';
import type { Notification, NotificationPage } from '#shared/notifications';
import {
  type Reminder,
  SCHEDULED_ACCESS_LOST,
  type ScheduledMessage,
  type TimeZoneSetting,
  WHEN_PAST,
  WHEN_UNREADABLE,
} from '#shared/reminders';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  // No ticks of its own: each test delivers with the clock it chooses (remindersDeliverDue).
  server = await startTestServer({ env: { REMINDERS_POLL_MS: '0' } });
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

type Answer<T> = T & ApiErrorBody;
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000);
const later = (n: number) => inMinutes(n).toISOString();
const deliverAt = (at: Date) => server.app.remindersDeliverDue(at);

async function notificationsOf(who: Actor): Promise<Notification[]> {
  const res = await who.client.get<NotificationPage>('/api/notifications');
  return res.body.notifications;
}

async function channelWith(...members: Actor[]) {
  const [owner, ...others] = members as [Actor, ...Actor[]];
  const channel = await buildChannel(owner);
  for (const other of others) await addMember(channel, owner, other);
  return channel;
}

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('time zone', () => {
  it('defaults to Europe/Paris, keeps the browser’s on first use, and may be chosen', async () => {
    const alice = await buildUser(server);
    const first = await alice.client.get<TimeZoneSetting>('/api/me/time-zone');
    expect(first.body).toEqual({ timeZone: 'Europe/Paris', chosen: false });
    const channel = await buildChannel(alice);
    const message = await sendMessage(alice, channel.id, 'Bonjour');
    await alice.client.post('/api/reminders', {
      messageId: message.id,
      when: 'dans 1 heure',
      timeZone: 'America/Montreal',
    });
    expect((await alice.client.get<TimeZoneSetting>('/api/me/time-zone')).body).toEqual({
      timeZone: 'America/Montreal',
      chosen: true,
    });
    const bad = await alice.client.request<ApiErrorBody>('PUT', '/api/me/time-zone', {
      timeZone: 'Mars/Olympus',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Fuseau horaire inconnu');
    const put = await alice.client.request<TimeZoneSetting>('PUT', '/api/me/time-zone', {
      timeZone: 'Europe/Paris',
    });
    expect(put.body).toEqual({ timeZone: 'Europe/Paris', chosen: true });
  });

  it('reads « demain 9h » at 9:00 in the person’s zone', async () => {
    const alice = await buildUser(server);
    await alice.client.request('PUT', '/api/me/time-zone', { timeZone: 'Asia/Tokyo' });
    const res = await alice.client.post<Answer<Reminder>>('/api/reminders', {
      note: 'Arroser les plantes',
      when: 'demain 9h',
    });
    expect(res.status).toBe(201);
    const due = new Date(res.body.dueAt);
    const tokyo = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Asia/Tokyo',
      hour: '2-digit',
      minute: '2-digit',
    }).format(due);
    expect(tokyo).toBe('09:00');
  });
});

describe('reminders', () => {
  it('a reminder on a message: created, listed, live on the owner’s sockets, delivered once as a notification linking the message', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await channelWith(bob, alice);
    const message = await sendMessage(bob, channel.id, 'Peux-tu relire le devis ?');
    const socket = await open(alice);
    const created = await alice.client.post<Answer<Reminder>>('/api/reminders', {
      messageId: message.id,
      when: 'dans 20 minutes',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      messageId: message.id,
      channelId: channel.id,
      channelName: channel.name,
      excerpt: 'Peux-tu relire le devis ?',
      deliveredAt: null,
    });
    const due = new Date(created.body.dueAt).getTime();
    expect(Math.abs(due - inMinutes(20).getTime())).toBeLessThan(60_000);
    await socket.next(isEvent('reminders_changed'));
    expect((await alice.client.get<Reminder[]>('/api/reminders')).body.map((r) => r.id)).toEqual([
      created.body.id,
    ]);

    // Not yet due: nothing.
    await deliverAt(inMinutes(10));
    expect((await notificationsOf(alice)).filter((n) => n.type === 'reminder')).toEqual([]);

    await deliverAt(inMinutes(21));
    // Bob's message has a notification of its own for Alice, which may reach her socket
    // after it opened: the reminder's is the one asked for.
    const event = await socket.next(
      (e) => e.type === 'new_notification' && e.notification.type === 'reminder',
    );
    expect(event).toMatchObject({
      notification: { type: 'reminder', channelId: channel.id, messageId: message.id },
    });
    // Twice the tick: still one.
    await deliverAt(inMinutes(30));
    const items = (await notificationsOf(alice)).filter((n) => n.type === 'reminder');
    expect(items).toHaveLength(1);
    expect(items[0]?.title).toMatch(/^Rappel\u00a0: un message de /);
    expect(items[0]?.content).toBe('Peux-tu relire le devis ?');
    expect((await alice.client.get<Reminder[]>('/api/reminders')).body).toEqual([]);
    // Bob, who wrote the message, heard nothing.
    expect((await notificationsOf(bob)).filter((n) => n.type === 'reminder')).toEqual([]);
  });

  it('`/rappel demain 9h appeler Paul`: the phrase is split into the time and the note', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const res = await alice.client.post<Answer<Reminder>>('/api/reminders', {
      text: 'demain 9h appeler Paul',
      channelId: channel.id,
      timeZone: 'Europe/Paris',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      note: 'appeler Paul',
      channelId: channel.id,
      messageId: null,
    });
    const paris = new Intl.DateTimeFormat('fr-FR', {
      timeZone: 'Europe/Paris',
      hour: '2-digit',
      minute: '2-digit',
    }).format(new Date(res.body.dueAt));
    expect(paris).toBe('09:00');
    const unreadable = await alice.client.post<ApiErrorBody>('/api/reminders', {
      text: 'appeler Paul un de ces jours',
    });
    expect(unreadable.status).toBe(400);
    expect(unreadable.body.message).toBe(WHEN_UNREADABLE);
  });

  it('refuses a non-member’s message (404), past or unreadable times (400), and others’ reminders (404)', async () => {
    const [alice, mallory] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await buildChannel(alice);
    const message: Message = await sendMessage(alice, channel.id, 'Secret');
    const stranger = await mallory.client.post<ApiErrorBody>('/api/reminders', {
      messageId: message.id,
      when: 'demain 9h',
    });
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Message introuvable');

    const past = await alice.client.post<ApiErrorBody>('/api/reminders', {
      messageId: message.id,
      at: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(WHEN_PAST);
    const nonsense = await alice.client.post<ApiErrorBody>('/api/reminders', {
      messageId: message.id,
      when: 'quand les poules auront des dents',
    });
    expect(nonsense.status).toBe(400);
    expect(nonsense.body.message).toBe(WHEN_UNREADABLE);
    const nothing = await alice.client.post<ApiErrorBody>('/api/reminders', { when: 'demain' });
    expect(nothing.status).toBe(400);
    const unknown = await alice.client.post<ApiErrorBody>('/api/reminders', {
      messageId: message.id,
      when: 'demain',
      extra: 1,
    });
    expect(unknown.status).toBe(400);

    const mine = await alice.client.post<Reminder>('/api/reminders', {
      messageId: message.id,
      when: 'demain 9h',
    });
    expect(
      (await mallory.client.delete<ApiErrorBody>(`/api/reminders/${mine.body.id}`)).status,
    ).toBe(404);
    expect((await mallory.client.get<Reminder[]>('/api/reminders')).body).toEqual([]);
    expect((await alice.client.delete(`/api/reminders/${mine.body.id}`)).status).toBe(204);
    expect((await alice.client.delete(`/api/reminders/${mine.body.id}`)).status).toBe(404);
    expect((await alice.client.delete('/api/reminders/pas-un-id')).status).toBe(404);
    expect((await alice.client.get<Reminder[]>('/api/reminders')).body).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await fetch(`${server.url}/api/reminders`);
    expect(res.status).toBe(401);
    const scheduled = await fetch(`${server.url}/api/scheduled-messages`);
    expect(scheduled.status).toBe(401);
  });
});

describe('scheduled messages', () => {
  it('programmed, edited, then posted as its author at the minute — live for the channel, once', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await channelWith(alice, bob);
    const created = await alice.client.post<Answer<ScheduledMessage>>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Bonjour',
      at: later(30),
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      channelId: channel.id,
      status: 'pending',
      channelName: channel.name,
    });

    const edited = await alice.client.patch<Answer<ScheduledMessage>>(
      `/api/scheduled-messages/${created.body.id}`,
      { content: 'Bonjour à tous, la réunion est confirmée', when: 'dans 2 heures' },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.content).toBe('Bonjour à tous, la réunion est confirmée');
    expect(new Date(edited.body.dueAt).getTime()).toBeGreaterThan(inMinutes(110).getTime());
    expect(
      (await bob.client.patch(`/api/scheduled-messages/${created.body.id}`, { content: 'x' }))
        .status,
    ).toBe(404);

    const bobSocket = await open(bob);
    await deliverAt(inMinutes(60));
    expect(
      (await alice.client.get<ScheduledMessage[]>('/api/scheduled-messages')).body,
    ).toHaveLength(1);

    await Promise.all([deliverAt(inMinutes(121)), deliverAt(inMinutes(121))]);
    const posted = await bobSocket.next(isEvent('new_message', { channelId: channel.id }));
    expect(posted).toMatchObject({
      message: { userId: alice.user.id, content: 'Bonjour à tous, la réunion est confirmée' },
    });
    await deliverAt(inMinutes(200));
    const page = await bob.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(page.body.messages.filter((m) => m.content.startsWith('Bonjour à tous'))).toHaveLength(
      1,
    );
    expect((await alice.client.get<ScheduledMessage[]>('/api/scheduled-messages')).body).toEqual(
      [],
    );
    // Gone: neither edited nor cancelled any more.
    const tooLate = await alice.client.delete<ApiErrorBody>(
      `/api/scheduled-messages/${created.body.id}`,
    );
    expect(tooLate.status).toBe(409);
  });

  it('cancelled: never posted', async () => {
    const alice = await buildUser(server);
    const channel = await buildChannel(alice);
    const created = await alice.client.post<ScheduledMessage>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Annulé',
      when: 'dans 20 minutes',
    });
    expect((await alice.client.delete(`/api/scheduled-messages/${created.body.id}`)).status).toBe(
      204,
    );
    await deliverAt(inMinutes(30));
    const page = await alice.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(page.body.messages.map((m) => m.content)).not.toContain('Annulé');
  });

  it('an author who lost access meanwhile: not posted, marked failed, told by a notification', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await channelWith(bob, alice);
    const created = await alice.client.post<ScheduledMessage>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Je ne serai plus là',
      at: later(10),
    });
    const left = await alice.client.post(`/api/channels/${channel.id}/leave`);
    expect(left.status).toBeLessThan(300);
    await deliverAt(inMinutes(11));
    const [failed] = (await alice.client.get<ScheduledMessage[]>('/api/scheduled-messages')).body;
    expect(failed).toMatchObject({
      id: created.body.id,
      status: 'failed',
      failure: SCHEDULED_ACCESS_LOST,
    });
    const notices = await waitFor(
      () => notificationsOf(alice),
      (items) => items.some((n) => n.type === 'scheduled_failed'),
    );
    expect(notices.filter((n) => n.type === 'scheduled_failed')).toHaveLength(1);
    const page = await bob.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(page.body.messages.map((m) => m.content)).not.toContain('Je ne serai plus là');
  });

  it('refuses a channel one is not in (404), past times and empty texts (400)', async () => {
    const [alice, mallory] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await buildChannel(alice);
    const stranger = await mallory.client.post<ApiErrorBody>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Intrus',
      when: 'demain 9h',
    });
    expect(stranger.status).toBe(404);
    const past = await alice.client.post<ApiErrorBody>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Hier',
      at: new Date(Date.now() - 1000).toISOString(),
    });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe(WHEN_PAST);
    const empty = await alice.client.post<ApiErrorBody>('/api/scheduled-messages', {
      channelId: channel.id,
      content: '   ',
      when: 'demain 9h',
    });
    expect(empty.status).toBe(400);
    const noWhen = await alice.client.post<ApiErrorBody>('/api/scheduled-messages', {
      channelId: channel.id,
      content: 'Quand ?',
    });
    expect(noWhen.status).toBe(400);
    expect((await alice.client.delete('/api/scheduled-messages/nimporte')).status).toBe(404);
  });
});
