import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Board, BoardList, Task } from '#shared/boards';
import type { Channel } from '#shared/channels';
import type { WorkingDay } from '#shared/disconnect';
import { MY_DAY_EMAIL_TOKEN_INVALID, type MyDay, type MyDayEmailSetting } from '#shared/my-day';
import type { Reminder } from '#shared/reminders';
import type { User } from '#shared/users';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import type { Actor } from '../../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { dateIn } from './day';

// docs/product.md, « Ma journée »: the e-mail reaches a real SMTP server on loopback; the
// sender runs when the test says, at the time it says (app.myDaySendDue(now)).
let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  server = await startTestServer({
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SMTP_URL: smtp.url,
      MY_DAY_POLL_MS: '0',
      DIGEST_POLL_MS: '0',
      REMINDERS_POLL_MS: '0',
    },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});

const ZONE = 'Europe/Paris';
const DAY_MS = 24 * 3600_000;
const PASSWORD = 'ruche-phrase-secrète';

/** Someone signed up as a person does with mail configured, in Paris. */
async function person(name: string): Promise<Actor> {
  const email = `${name.toLowerCase()}-${randomUUID().slice(0, 8)}@ruche.test`;
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/register', {
    email,
    password: PASSWORD,
    firstName: name,
  });
  expect(res.status).toBe(202);
  const link = linkIn(await smtp.nextMailTo(email), server.url);
  expect((await client.get(link.pathname + link.search)).status).toBe(302);
  const named = await client.patch<User>('/api/auth/user', { displayName: name });
  expect(named.status).toBe(200);
  expect((await client.request('PUT', '/api/me/time-zone', { timeZone: ZONE })).status).toBe(200);
  return { user: named.body, client, password: PASSWORD };
}

/** Their own week: 08:30–17:00 on `weekdays` (ISO, 1 is Monday), holidays worked. */
async function workOn(who: Actor, weekdays: number[] = [1, 2, 3, 4, 5, 6, 7]): Promise<void> {
  const days = [1, 2, 3, 4, 5, 6, 7].map(
    (weekday): WorkingDay =>
      weekdays.includes(weekday)
        ? ({ weekday, start: '08:30', end: '17:00' } as WorkingDay)
        : ({ weekday, off: true } as WorkingDay),
  );
  const res = await who.client.request('PUT', '/api/me/working-hours', { days, holidays: false });
  expect(res.status).toBe(200);
}

const setting = async (who: Actor) =>
  (await who.client.get<MyDayEmailSetting>('/api/me/day/email')).body;

async function turnOn(who: Actor): Promise<Date> {
  const res = await who.client.request<MyDayEmailSetting>('PUT', '/api/me/day/email', {
    enabled: true,
  });
  expect(res.status).toBe(200);
  expect(res.body).toMatchObject({ enabled: true, available: true });
  return new Date(res.body.nextSendAt!);
}

/** 08:30 in Paris on `date` (YYYY-MM-DD). */
function startOf(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(new TZDate(y, m - 1, d, 8, 30, ZONE).getTime());
}
/** `date` moved by `n` days. */
const plusDays = (date: string, n: number) =>
  new Date(Date.parse(`${date}T12:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7;

const mailsTo = (who: Actor) =>
  smtp.mails.filter((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) =>
      a.value.some((v) => v.address === who.user.email),
    ),
  ).length;

/** Run the sender at `at`: how many e-mails reached `who` (each delivered when it returns). */
async function mailedAt(who: Actor, at: Date): Promise<number> {
  const before = mailsTo(who);
  await server.app.myDaySendDue(at);
  return mailsTo(who) - before;
}

const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();

async function mention(from: Actor, to: Actor, content = 'tu peux regarder ?') {
  const channel = await buildChannel(from, { name: `projet-${randomUUID().slice(0, 6)}` });
  await addMember(channel, from, to);
  const message = await sendMessage(from, channel.id, { content, mentions: [to.user.id] });
  return { channel, message };
}

/** Wait until `who`'s day at `date` has what `ok` wants (notifications are written after send). */
async function dayOf(who: Actor, date: string, ok: (day: MyDay) => boolean): Promise<MyDay> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const day = (await who.client.get<MyDay>(`/api/me/day?date=${date}`)).body;
    if (ok(day) || Date.now() > deadline) return day;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('« Ma journée » by e-mail', () => {
  it('is off by default; on, one e-mail at the working start with every section, each item a link, then the next day’s', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    await workOn(alice);
    expect(await setting(alice)).toEqual({ enabled: false, available: true, nextSendAt: null });

    const start = await turnOn(alice);
    const date = dateIn(ZONE, start);
    // The next 08:30 in Paris, after now.
    expect(start.getTime()).toBe(startOf(date).getTime());
    expect(start.getTime()).toBeGreaterThan(Date.now());
    expect(start.getTime() - Date.now()).toBeLessThanOrEqual(DAY_MS + 3600_000);

    // Her day: an event, a task due, a mention (with markup in it), a direct message, a
    // followed thread with a reply, a reminder.
    const { channel, message } = await mention(
      bob,
      alice,
      'Alice, tu relis <b>ça</b> & le reste ?',
    );
    const at = (hours: number) => new Date(start.getTime() + hours * 3600_000).toISOString();
    const event = await alice.client.post<{ id: string }>('/api/calendar/events', {
      title: 'Point d’équipe',
      startTime: at(1.5),
      endTime: at(2.5),
      allDay: false,
    });
    expect(event.status).toBe(201);
    const board = (
      await bob.client.post<Board>(`/api/channels/${channel.id}/boards`, { name: 'Sprint' })
    ).body;
    const list = (
      await bob.client.post<BoardList>(`/api/boards/${board.id}/lists`, { name: 'À faire' })
    ).body;
    const task = await bob.client.post<Task>(`/api/lists/${list.id}/tasks`, {
      title: 'Relire la note',
      assignedToId: alice.user.id,
      dueDate: date,
    });
    expect(task.status).toBe(201);
    const direct = (
      await bob.client.post<Channel>('/api/channels/direct', { recipientId: alice.user.id })
    ).body;
    const dm = await sendMessage(bob, direct.id, 'On se parle demain\u202f?');
    const parent = await sendMessage(alice, channel.id, 'Qui relit la note ?');
    await sendMessage(bob, channel.id, { content: 'Moi', parentMessageId: parent.id });
    const reminder = await alice.client.post<Reminder>('/api/reminders', {
      note: 'Appeler Paul',
      at: at(2),
    });
    expect(reminder.status).toBe(201);
    await dayOf(alice, date, (d) => d.mentions.length === 1 && d.threads.length === 1);

    // Not before the start of her working day; once at it.
    expect(await mailedAt(alice, new Date(start.getTime() - 60_000))).toBe(0);
    expect(await mailedAt(alice, start)).toBe(1);
    const mail = await smtp.nextMailTo(alice.user.email!);

    const long = new Intl.DateTimeFormat('fr-FR', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      timeZone: ZONE,
    }).format(start);
    expect(mail.subject?.replaceAll('\u00a0', ' ').replace(' 1er ', ' 1 ')).toBe(
      `Ma journée — ${long}`,
    );
    const text = mail.text ?? '';
    const url = server.url;
    for (const title of [
      'Événements du jour (1)',
      'Tâches à faire (1)',
      'Mentions non lues (1)',
      'Messages directs non lus (1)',
      'Réponses dans vos fils (1)',
      'Rappels du jour (1)',
    ])
      expect(text).toContain(title);
    expect(text).toContain('Point d’équipe');
    expect(text).toContain(`${url}/calendar?date=${date}&event=${event.body.id}`);
    expect(text).toContain('Relire la note · pour aujourd’hui');
    expect(text).toContain(
      `${url}/channel/${channel.id}?tab=board&board=${board.id}&task=${task.body.id}`,
    );
    expect(text).toContain(
      `Bob dans #${channel.name}\u00a0: Alice, tu relis <b>ça</b> & le reste ?`,
    );
    expect(text).toContain(`${url}/channel/${channel.id}?message=${message.id}`);
    expect(text).toContain('Bob\u00a0: On se parle demain\u202f?');
    expect(text).toContain(`${url}/channel/${direct.id}?message=${dm.id}`);
    expect(text).toContain('Fil lancé par Alice dans');
    expect(text).toContain('1 nouvelle réponse');
    expect(text).toContain(`${url}/channel/${channel.id}?message=${parent.id}`);
    expect(text).toContain('Appeler Paul');
    expect(text).toContain(`${url}/rappels`);
    expect(text).toContain(`${url}/ma-journee`);
    // What people wrote is text in the HTML part, never markup; every item is a link.
    const html = String(mail.html);
    expect(html).toContain('tu relis &#60;b&#62;ça&#60;/b&#62; &#38; le reste');
    expect(html).not.toContain('<b>ça');
    expect(html).toContain(`href="${url}/channel/${direct.id}?message=${dm.id}"`);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${url}/api/me/day/email/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Next: the start of the following working day.
    const next = await setting(alice);
    expect(next.nextSendAt).toBe(startOf(plusDays(date, 1)).toISOString());
    expect(await mailedAt(alice, new Date(start.getTime() + 3600_000))).toBe(0);
  });

  it('sends nothing to whoever left it off, nor on a day with nothing in it (then waits for the next)', async () => {
    const [carol, dave, bob] = [await person('Carol'), await person('Dave'), await person('Bob')];
    await workOn(carol);
    await workOn(dave);
    await mention(bob, carol);
    const start = await turnOn(dave);
    await dayOf(carol, dateIn(ZONE, start), (d) => d.mentions.length === 1);

    expect(await mailedAt(carol, start)).toBe(0);
    expect(await mailedAt(dave, start)).toBe(0);
    expect((await setting(dave)).nextSendAt).toBe(
      startOf(plusDays(dateIn(ZONE, start), 1)).toISOString(),
    );
  });

  it('skips time off and days off: sent at the start of the next working day', async () => {
    const [erin, frank, bob] = [await person('Erin'), await person('Frank'), await person('Bob')];
    await workOn(erin);
    await mention(bob, erin);
    const start = await turnOn(erin);
    const date = dateIn(ZONE, start);
    // Time off on that day, taken after the e-mail was turned on.
    const off = await erin.client.post('/api/me/time-off', { start: date, end: date });
    expect(off.status).toBe(201);
    expect(await mailedAt(erin, start)).toBe(0);
    const next = startOf(plusDays(date, 1));
    expect((await setting(erin)).nextSendAt).toBe(next.toISOString());
    expect(await mailedAt(erin, next)).toBe(1);

    // Frank works one day a week, three days from now: the days between are off.
    const workday = plusDays(dateIn(ZONE, new Date()), 3);
    await workOn(frank, [weekdayOf(workday)]);
    await mention(bob, frank);
    const first = await turnOn(frank);
    expect(first.toISOString()).toBe(startOf(workday).toISOString());
    expect(await mailedAt(frank, startOf(plusDays(workday, -1)))).toBe(0);
    expect(await mailedAt(frank, first)).toBe(1);
    expect((await setting(frank)).nextSendAt).toBe(startOf(plusDays(workday, 7)).toISOString());
  });

  it('goes once when two ticks claim at the same instant', async () => {
    const [gina, bob] = [await person('Gina'), await person('Bob')];
    await workOn(gina);
    await mention(bob, gina);
    const start = await turnOn(gina);
    await dayOf(gina, dateIn(ZONE, start), (d) => d.mentions.length === 1);
    const before = mailsTo(gina);
    const sent = await Promise.all([
      server.app.myDaySendDue(start),
      server.app.myDaySendDue(start),
    ]);
    expect(mailsTo(gina) - before).toBe(1);
    expect(sent.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    // Nor again later that day, nor after a restart-like fresh tick.
    expect(await mailedAt(gina, new Date(start.getTime() + 6 * 3600_000))).toBe(0);
  });

  it('the unsubscribe link asks, then turns it off in one click, without signing in', async () => {
    const [henry, bob] = [await person('Henry'), await person('Bob')];
    await workOn(henry);
    await mention(bob, henry);
    const start = await turnOn(henry);
    await dayOf(henry, dateIn(ZONE, start), (d) => d.mentions.length === 1);
    expect(await mailedAt(henry, start)).toBe(1);
    const mail = await smtp.nextMailTo(henry.user.email!);
    const link = new URL(header(mail, 'list-unsubscribe')!.slice(1, -1));
    expect(mail.text).toContain(link.href);

    // Opening it changes nothing (mail scanners open links).
    const page = await fetch(link, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Me désabonner');
    expect((await setting(henry)).enabled).toBe(true);

    // A forged token is refused.
    const forged = await fetch(`${server.url}/api/me/day/email/unsubscribe?token=abc.def`, {
      method: 'POST',
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as ApiErrorBody).message).toBe(MY_DAY_EMAIL_TOKEN_INVALID);

    // The mail provider's one-click POST (RFC 8058), no cookie.
    const res = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ unsubscribed: true });
    expect(await setting(henry)).toEqual({ enabled: false, available: true, nextSendAt: null });
    expect(await mailedAt(henry, startOf(plusDays(dateIn(ZONE, start), 1)))).toBe(0);
  });

  it('refuses a setting that is not a boolean', async () => {
    const ivy = await person('Ivy');
    const res = await ivy.client.request<ApiErrorBody>('PUT', '/api/me/day/email', {
      enabled: 'oui',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBeTruthy();
  });
});
