import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { DigestSettings } from '#shared/digest';
import type { Message } from '#shared/messages';
import type { NotificationPage } from '#shared/notifications';
import type { User } from '#shared/users';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import type { Actor } from '../../../test/factories';
import { freePort, startTestServer, type TestServer } from '../../../test/server';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../../test/smtp-server';
import { isEvent, socketOpener } from '../../../test/test-socket';
import { users } from '../../auth/schema';

// docs/product.md, « E-mail récapitulatif »: the e-mail reaches a real SMTP server on loopback;
// the sender runs when the test says, at the time it says (app.digestSendDue(now)).
let smtp: TestSmtpServer;
let server: TestServer;
beforeAll(async () => {
  smtp = await startSmtpServer();
  const port = await freePort();
  server = await startTestServer({
    port,
    env: { PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, DIGEST_POLL_MS: '0' },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
});
const open = socketOpener(() => server);

const PASSWORD = 'ruche-phrase-secrète';

/** Someone signed up as a person does with mail configured: the link in the mail opens it. */
async function person(firstName: string): Promise<Actor> {
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@ruche.test`;
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/register', { email, password: PASSWORD, firstName });
  expect(res.status).toBe(202);
  const link = linkIn(await smtp.nextMailTo(email), server.url);
  expect((await client.get(link.pathname + link.search)).status).toBe(302);
  const named = await client.patch<User>('/api/auth/user', { displayName: firstName });
  expect(named.status).toBe(200);
  return { user: named.body, client, password: PASSWORD };
}

/** The same person signed in a second time: another device. */
async function otherDevice(who: Actor): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post('/api/auth/login', { email: who.user.email, password: PASSWORD });
  expect(res.status).toBe(200);
  return client;
}

async function say(from: Actor, channelId: string, content: string, mentions: string[] = []) {
  const res = await from.client.post<Message>(`/api/channels/${channelId}/messages`, {
    content,
    mentions,
  });
  expect(res.status).toBe(201);
  return res.body;
}

async function directChannel(from: Actor, to: Actor): Promise<Channel> {
  const res = await from.client.post<Channel>('/api/channels/direct', { recipientId: to.user.id });
  expect(res.status).toBeLessThan(300);
  return res.body;
}

/**
 * Wait until `who` has `count` unread mentions and direct messages (written after the send;
 * opening a conversation also tells its recipient, which the e-mail leaves out).
 */
async function unread(who: Actor, count: number): Promise<NotificationPage['notifications']> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await who.client.get<NotificationPage>('/api/notifications?unread=true');
    const items = res.body.notifications.filter((n) =>
      ['mention', 'direct_message'].includes(n.type),
    );
    if (items.length === count || Date.now() > deadline) {
      expect(items).toHaveLength(count);
      return items;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const later = (from: number, minutes: number) => new Date(from + minutes * 60_000);
const header = (mail: ParsedMail, name: string) =>
  mail.headerLines
    .find((h) => h.key === name)
    ?.line.slice(name.length + 1)
    .trim();
const mailsTo = (who: Actor) =>
  smtp.mails.filter((m) =>
    (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).some((a) =>
      a.value.some((v) => v.address === who.user.email),
    ),
  ).length;

/** Run the sender at `at`: how many e-mails reached `who` (each delivered when it returns). */
async function digestsTo(who: Actor, at: Date): Promise<number> {
  const before = mailsTo(who);
  await server.app.digestSendDue(at);
  return mailsTo(who) - before;
}

describe('the e-mail of what someone away missed', () => {
  it('groups their mentions and direct messages: sender, channel, excerpt, a link that opens each; then waits its period', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const channel = await buildChannel(bob, { name: `projet-${randomUUID().slice(0, 4)}` });
    await addMember(channel, bob, alice);
    const mention = await say(bob, channel.id, 'Alice, tu relis <b>ça</b> & le reste ?', [
      alice.user.id,
    ]);
    const direct = await directChannel(bob, alice);
    const dm = await say(bob, direct.id, 'On se parle demain\u202f?');
    await unread(alice, 2);
    const t0 = Date.now();

    // Not before the delay (15 minutes by default).
    expect(await digestsTo(alice, later(t0, 5))).toBe(0);
    expect(await digestsTo(alice, later(t0, 16))).toBe(1);
    const mail = await smtp.nextMailTo(alice.user.email!);
    expect(mail.subject).toBe('2 messages non lus sur Ruche');
    const text = mail.text ?? '';
    expect(text).toContain(`#${channel.name}`);
    expect(text).toContain('Bob\u00a0: Alice, tu relis <b>ça</b> & le reste ?');
    expect(text).toContain(`${server.url}/channel/${channel.id}?message=${mention.id}`);
    expect(text).toContain('Message direct de Bob');
    expect(text).toContain('Bob\u00a0: On se parle demain\u202f?');
    expect(text).toContain(`${server.url}/channel/${direct.id}?message=${dm.id}`);
    expect(text).toContain(`${server.url}/settings`);
    // What people wrote is text in the HTML part, never markup.
    expect(mail.html).toContain('tu relis &#60;b&#62;ça&#60;/b&#62; &#38; le reste');
    expect(mail.html).not.toContain('<b>ça');
    expect(mail.html).toContain(`href="${server.url}/channel/${channel.id}?message=${mention.id}"`);
    expect(header(mail, 'list-unsubscribe')).toMatch(
      new RegExp(`^<${server.url}/api/digest/unsubscribe\\?token=[^>]+>$`),
    );
    expect(header(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // Nothing mailed twice; something new waits for the period (an hour by default).
    expect(await digestsTo(alice, later(t0, 30))).toBe(0);
    await say(bob, direct.id, 'Tu as vu mon message\u202f?');
    await unread(alice, 3);
    expect(await digestsTo(alice, later(t0, 45))).toBe(0);
    expect(await digestsTo(alice, later(t0, 77))).toBe(1);
    const next = await smtp.nextMailTo(alice.user.email!);
    expect(next.subject).toBe('1 message non lu sur Ruche');
    expect(next.text).toContain('Tu as vu mon message');
    expect(next.text).not.toContain('On se parle demain');
  });

  it('leaves out what was read on another device', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const channel = await buildChannel(bob);
    await addMember(channel, bob, alice);
    await say(bob, channel.id, 'Alice, regarde le plan', [alice.user.id]);
    const direct = await directChannel(bob, alice);
    await say(bob, direct.id, 'Message privé pour toi');
    await unread(alice, 2);
    const t0 = Date.now();

    // Her phone reads the channel: its mention is read everywhere.
    const phone = await otherDevice(alice);
    expect((await phone.post(`/api/channels/${channel.id}/read`)).status).toBe(200);
    await unread(alice, 1);
    expect(await digestsTo(alice, later(t0, 16))).toBe(1);
    const mail = await smtp.nextMailTo(alice.user.email!);
    expect(mail.subject).toBe('1 message non lu sur Ruche');
    expect(mail.text).toContain('Message privé pour toi');
    expect(mail.text).not.toContain('regarde le plan');

    // Everything read on the other device: no e-mail at all.
    const [carol, dave] = [await person('Carol'), await person('Dave')];
    const toCarol = await directChannel(dave, carol);
    await say(dave, toCarol.id, 'Déjà lu ailleurs');
    const [item] = await unread(carol, 1);
    const laptop = await otherDevice(carol);
    expect((await laptop.patch(`/api/notifications/${item!.id}/read`)).status).toBe(204);
    expect(await digestsTo(carol, later(Date.now(), 16))).toBe(0);
    expect(smtp.mails.some((m) => m.text?.includes('Déjà lu ailleurs'))).toBe(false);
  });

  it('waits while the person is here, then until they have been away for their delay', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const channel = await buildChannel(bob);
    await addMember(channel, bob, alice);
    const aliceTab = await open(alice);
    const bobTab = await open(bob);
    expect((await bobTab.watch([alice.user.id]))[alice.user.id]).toBe('online');
    await say(bob, channel.id, 'Alice, tu es là\u202f?', [alice.user.id]);
    await unread(alice, 1);
    const t0 = Date.now();

    expect(await digestsTo(alice, later(t0, 16))).toBe(0);
    await aliceTab.close();
    await bobTab.next(isEvent('presence_update', { userId: alice.user.id, status: 'offline' }));
    // Seen at the 16th minute: away for 4 minutes only.
    expect(await digestsTo(alice, later(t0, 20))).toBe(0);
    expect(await digestsTo(alice, later(t0, 32))).toBe(1);
    expect((await smtp.nextMailTo(alice.user.email!)).text).toContain('tu es là');
  });

  it('follows the person’s settings: off, a longer delay, a muted channel', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const defaults = await alice.client.get<DigestSettings>('/api/digest/settings');
    expect(defaults.body).toEqual({
      enabled: true,
      delayMinutes: 15,
      periodMinutes: 60,
      available: true,
    });
    const bad = await alice.client.request<ApiErrorBody>('PUT', '/api/digest/settings', {
      enabled: true,
      delayMinutes: 20,
      periodMinutes: 60,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Délai possible : 15, 30, 60, 240 minutes');

    const off = await alice.client.request<DigestSettings>('PUT', '/api/digest/settings', {
      enabled: false,
      delayMinutes: 60,
      periodMinutes: 1440,
    });
    expect(off.body).toEqual({
      enabled: false,
      delayMinutes: 60,
      periodMinutes: 1440,
      available: true,
    });
    const channel = await buildChannel(bob);
    await addMember(channel, bob, alice);
    await say(bob, channel.id, 'Alice, pendant que c’est coupé', [alice.user.id]);
    await unread(alice, 1);
    const t0 = Date.now();
    expect(await digestsTo(alice, later(t0, 90))).toBe(0);

    // On again, with an hour's delay.
    await alice.client.request('PUT', '/api/digest/settings', {
      enabled: true,
      delayMinutes: 60,
      periodMinutes: 1440,
    });
    expect(await digestsTo(alice, later(t0, 30))).toBe(0);
    expect(await digestsTo(alice, later(t0, 61))).toBe(1);
    expect((await smtp.nextMailTo(alice.user.email!)).text).toContain('pendant que c’est coupé');

    // A channel muted since: its mentions stay out.
    const carol = await person('Carol');
    const muted = await buildChannel(bob);
    await addMember(muted, bob, carol);
    await say(bob, muted.id, 'Carol, dans le canal muet', [carol.user.id]);
    await unread(carol, 1);
    const settings = await carol.client.request(
      'PUT',
      `/api/channels/${muted.id}/notification-settings`,
      {
        level: 'all',
        muted: true,
      },
    );
    expect(settings.status).toBe(200);
    expect(await digestsTo(carol, later(Date.now(), 16))).toBe(0);
  });

  it('unsubscribes in one click from the e-mail, without signing in, and refuses a bad token', async () => {
    const [alice, bob] = [await person('Alice'), await person('Bob')];
    const direct = await directChannel(bob, alice);
    await say(bob, direct.id, 'Premier message');
    await unread(alice, 1);
    expect(await digestsTo(alice, later(Date.now(), 16))).toBe(1);
    const mail = await smtp.nextMailTo(alice.user.email!);
    const address = header(mail, 'list-unsubscribe')!.slice(1, -1);
    expect(mail.text).toContain(address);

    // Opening the link (a browser, or a mail scanner) only asks.
    const page = await fetch(address, { headers: { accept: 'text/html' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Me désabonner');
    // Its form must post with our Origin: the app's no-referrer would make it `null`.
    expect(page.headers.get('referrer-policy')).toBe('same-origin');
    expect((await alice.client.get<DigestSettings>('/api/digest/settings')).body.enabled).toBe(
      true,
    );

    // The mail provider's one-click POST (RFC 8058): no session, no Origin, a form body.
    const oneClick = () =>
      fetch(address, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    const first = await oneClick();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ unsubscribed: true });
    expect((await alice.client.get<DigestSettings>('/api/digest/settings')).body.enabled).toBe(
      false,
    );
    expect((await oneClick()).status).toBe(200);
    // The page's button, in a browser: a page again.
    const button = await fetch(address, {
      method: 'POST',
      headers: { accept: 'text/html', origin: server.url },
    });
    expect(button.status).toBe(200);
    expect(await button.text()).toContain('C’est fait');

    await say(bob, direct.id, 'Après le désabonnement');
    await unread(alice, 2);
    expect(await digestsTo(alice, later(Date.now(), 120))).toBe(0);

    // A token that is not ours, or was altered.
    const token = new URL(address).searchParams.get('token')!;
    const altered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const bad of ['abc', altered, '']) {
      const res = await fetch(
        `${server.url}/api/digest/unsubscribe?token=${encodeURIComponent(bad)}`,
        {
          method: 'POST',
        },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: 'Ce lien de désabonnement n’est pas valable' });
    }
    const badPage = await fetch(`${server.url}/api/digest/unsubscribe?token=abc`, {
      headers: { accept: 'text/html' },
    });
    expect(badPage.status).toBe(400);
    expect(await badPage.text()).toContain('Ce lien de désabonnement n’est pas valable');
  });
});

describe('outside working hours (docs/product.md, « Droit à la déconnexion »)', () => {
  it('holds the e-mail during time off, and sends it once the person is back', async () => {
    // An administrator sets every day worked, all day, with the policy on.
    const boss = await person('Admin');
    await server.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, boss.user.id));
    const allDay = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      start: '00:00',
      end: '23:59',
    }));
    const policy = await boss.client.request('PUT', '/api/admin/disconnect-policy', {
      enabled: true,
      defaultHours: { days: allDay, holidays: false },
      defaultTimeZone: 'Europe/Paris',
      urgentAllowed: true,
    });
    expect(policy.status).toBe(200);
    try {
      const [alice, bob] = [await person('Alice'), await person('Bob')];
      const day = (offset: number) =>
        new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(
          new Date(Date.now() + offset * 86_400_000),
        );
      const off = await alice.client.post<{ id: string }>('/api/me/time-off', {
        start: day(-1),
        end: day(2),
      });
      expect(off.status).toBe(201);
      const direct = await directChannel(bob, alice);
      await say(bob, direct.id, 'Pendant tes congés');
      await unread(alice, 1);
      const t0 = Date.now();

      expect(await digestsTo(alice, later(t0, 16))).toBe(0);
      expect((await alice.client.delete(`/api/me/time-off/${off.body.id}`)).status).toBe(204);
      expect(await digestsTo(alice, later(t0, 17))).toBe(1);
      expect((await smtp.nextMailTo(alice.user.email!)).text).toContain('Pendant tes congés');
    } finally {
      await boss.client.request('PUT', '/api/admin/disconnect-policy', {
        enabled: false,
        defaultHours: { days: allDay, holidays: false },
        defaultTimeZone: 'Europe/Paris',
        urgentAllowed: true,
      });
    }
  });
});

describe('without SMTP', () => {
  it('says the e-mail is not available, and sends nothing', async () => {
    const bare = await startTestServer();
    try {
      const client = new TestClient(bare.url);
      await client.post('/api/auth/register', {
        email: `zoe-${randomUUID().slice(0, 8)}@ruche.test`,
        password: PASSWORD,
        firstName: 'Zoé',
      });
      const res = await client.get<DigestSettings>('/api/digest/settings');
      expect(res.body).toMatchObject({ enabled: true, available: false });
      expect(await bare.app.digestSendDue(later(Date.now(), 60))).toBe(0);
    } finally {
      await bare.close();
    }
  });
});
