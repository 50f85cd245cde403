import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditPage } from '#shared/audit';
import {
  type AvailabilityList,
  DEFAULT_DISCONNECT_POLICY,
  DEFAULT_WEEK,
  type DisconnectPolicy,
  type DisconnectReport,
  type TimeOff,
  URGENT_NOT_ALLOWED,
  type WorkingHours,
} from '#shared/disconnect';
import type { Message } from '#shared/messages';
import type { NotificationPage } from '#shared/notifications';
import type { User } from '#shared/users';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { type PushDevice, type PushService, startPushService } from '../../../test/push-service';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener } from '../../../test/test-socket';
import type { AppContext } from '../../context';
import { notificationsSettled } from '../notifications/subscriptions';

// Friday 4 December 2026, 19:00 in Paris (UTC+1), and the Monday after, 9:00.
const FRIDAY_EVENING = new Date('2026-12-04T18:00:00Z');
const SATURDAY = new Date('2026-12-05T10:00:00Z');
const MONDAY_NINE = new Date('2026-12-07T08:00:00Z');
const WEDNESDAY_NOON = new Date('2026-12-09T11:00:00Z');

let push: PushService;
let server: TestServer;
let ctx: AppContext;
let admin: Actor;

beforeAll(async () => {
  push = await startPushService();
  server = await startTestServer({
    env: {
      VAPID_SUBJECT: 'mailto:admin@ruche.test',
      PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
      // The release runs when a test ticks it, at the time it says.
      REMINDERS_POLL_MS: '0',
      // The instance's default (the test servers start with the policy off).
      DISCONNECT_DEFAULT_ENABLED: 'true',
    },
    features: [
      (_app, context) => {
        ctx = context;
      },
    ],
  });
  // The first account of an instance is its administrator.
  admin = await buildUser(server, { displayName: 'Adèle' });
});
afterAll(async () => {
  await server?.close();
  await push?.close();
});
const openSocket = socketOpener(() => server);

const at = (when: Date | null) => server.app.disconnect.setClock(when);
const settled = () => notificationsSettled(ctx.events);
const pushedTo = (d: PushDevice) =>
  push.received.filter((r) => `${push.origin}${r.path}` === d.endpoint);

async function subscribeDevice(who: Actor): Promise<PushDevice> {
  const d = push.device(`/${who.user.id}/${crypto.randomUUID()}`);
  expect(
    (await who.client.post('/api/notifications/push-subscriptions', d.json(false))).status,
  ).toBe(204);
  return d;
}

/** Alice writes to Bob in a channel they share; a fresh pair each test. */
async function pair() {
  const [alice, bob] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  return { alice, bob, channel };
}

const mention = (from: Actor, to: Actor, channelId: string, extra: Record<string, unknown> = {}) =>
  sendMessage(from, channelId, {
    content: `@${to.user.displayName} on en parle ?`,
    mentions: [to.user.id],
    ...extra,
  });

async function setPolicy(patch: Partial<DisconnectPolicy>) {
  const res = await admin.client.put<DisconnectPolicy>('/api/admin/disconnect-policy', {
    ...DEFAULT_DISCONNECT_POLICY,
    ...patch,
  });
  expect(res.status).toBe(200);
  return res.body;
}

describe('working hours', () => {
  it('answers the instance’s week until one saves one’s own, and goes back to it', async () => {
    const camille = await buildUser(server);
    const first = await camille.client.get<WorkingHours>('/api/me/working-hours');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      ...DEFAULT_WEEK,
      timeZone: 'Europe/Paris',
      usesDefault: true,
      timeOff: [],
    });
    const week = {
      days: DEFAULT_WEEK.days.map((d) =>
        d.weekday === 3
          ? { weekday: 3, off: true }
          : d.weekday <= 5
            ? { weekday: d.weekday, start: '08:30', end: '16:30' }
            : d,
      ),
      holidays: false,
    };
    const saved = await camille.client.put<WorkingHours>('/api/me/working-hours', week);
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ ...week, usesDefault: false });
    expect((await camille.client.get<WorkingHours>('/api/me/working-hours')).body.days).toEqual(
      week.days,
    );
    expect((await camille.client.request('DELETE', '/api/me/working-hours')).status).toBe(204);
    expect((await camille.client.get<WorkingHours>('/api/me/working-hours')).body.usesDefault).toBe(
      true,
    );
  });

  it('refuses a week that is not seven ordered days, an end before its start, or no working day', async () => {
    const camille = await buildUser(server);
    const put = (body: unknown) =>
      camille.client.put<{ message: string }>('/api/me/working-hours', body);
    const six = await put({ days: DEFAULT_WEEK.days.slice(1), holidays: true });
    expect(six.status).toBe(400);
    expect(six.body.message).toMatch(/sept jours/);
    const backwards = await put({
      days: [{ weekday: 1, start: '18:00', end: '09:00' }, ...DEFAULT_WEEK.days.slice(1)],
      holidays: true,
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('L’heure de fin doit suivre l’heure de début');
    const idle = await put({
      days: DEFAULT_WEEK.days.map((d) => ({ weekday: d.weekday, off: true })),
      holidays: true,
    });
    expect(idle.status).toBe(400);
    expect((await put({ days: DEFAULT_WEEK.days, holidays: true, extra: 1 })).status).toBe(400);
    expect(
      (
        await put({
          days: [{ weekday: 1, start: '9h', end: '18:00' }, ...DEFAULT_WEEK.days.slice(1)],
          holidays: true,
        })
      ).status,
    ).toBe(400);
  });
});

describe('time off', () => {
  it('adds, lists, refuses overlaps and past ones, shows then restores the person’s status', async () => {
    at(WEDNESDAY_NOON);
    try {
      const camille = await buildUser(server);
      await camille.client.patch('/api/auth/user', {
        status: 'online',
        statusMessage: 'En rendez-vous',
      });
      const added = await camille.client.post<TimeOff>('/api/me/time-off', {
        start: '2026-12-09',
        end: '2026-12-11',
        label: 'Vacances',
      });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({
        start: '2026-12-09',
        end: '2026-12-11',
        label: 'Vacances',
      });
      // It began today: the automatic status shows, at once.
      const me = await camille.client.get<User>('/api/auth/user');
      expect(me.body.statusMessage).toBe('En congé jusqu’au 11\u00a0décembre');

      const overlap = await camille.client.post<{ message: string }>('/api/me/time-off', {
        start: '2026-12-11',
        end: '2026-12-14',
      });
      expect(overlap.status).toBe(409);
      expect(overlap.body.message).toBe('Ce congé chevauche un congé déjà prévu');
      const past = await camille.client.post('/api/me/time-off', {
        start: '2026-11-01',
        end: '2026-11-02',
      });
      expect(past.status).toBe(400);
      const backwards = await camille.client.post('/api/me/time-off', {
        start: '2026-12-20',
        end: '2026-12-19',
      });
      expect(backwards.status).toBe(400);

      const hours = await camille.client.get<WorkingHours>('/api/me/working-hours');
      expect(hours.body.timeOff).toEqual([added.body]);

      // After its last day, the tick puts back what she had.
      await server.app.disconnect.tick(new Date('2026-12-12T08:00:00Z'));
      expect((await camille.client.get<User>('/api/auth/user')).body.statusMessage).toBe(
        'En rendez-vous',
      );

      const other = await buildUser(server);
      expect(
        (await other.client.request('DELETE', `/api/me/time-off/${added.body.id}`)).status,
      ).toBe(404);
      expect((await camille.client.request('DELETE', '/api/me/time-off/pas-un-id')).status).toBe(
        404,
      );
      expect(
        (await camille.client.request('DELETE', `/api/me/time-off/${added.body.id}`)).status,
      ).toBe(204);
    } finally {
      at(null);
    }
  });

  it('removing a time off that shows gives the person’s own status back', async () => {
    at(WEDNESDAY_NOON);
    try {
      const camille = await buildUser(server);
      const added = await camille.client.post<TimeOff>('/api/me/time-off', {
        start: '2026-12-08',
        end: '2026-12-18',
      });
      expect((await camille.client.get<User>('/api/auth/user')).body.statusMessage).toBe(
        'En congé jusqu’au 18\u00a0décembre',
      );
      await camille.client.request('DELETE', `/api/me/time-off/${added.body.id}`);
      expect((await camille.client.get<User>('/api/auth/user')).body.statusMessage).toBeNull();
    } finally {
      at(null);
    }
  });
});

describe('availability', () => {
  it('says who is off and until when, and leaves out people who share nothing with the caller', async () => {
    const { alice, bob } = await pair();
    const stranger = await buildUser(server);
    at(FRIDAY_EVENING);
    try {
      const res = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id, stranger.user.id, alice.user.id],
      });
      expect(res.status).toBe(200);
      expect(res.body.urgentAllowed).toBe(true);
      expect(res.body.items).toEqual([
        {
          userId: bob.user.id,
          displayName: 'Bob',
          available: false,
          reason: 'hours',
          nextAvailableAt: MONDAY_NINE.toISOString(),
        },
      ]);
      at(SATURDAY);
      const weekend = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(weekend.body.items[0]).toMatchObject({ reason: 'day-off', available: false });
      at(WEDNESDAY_NOON);
      const noon = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(noon.body.items[0]).toMatchObject({
        available: true,
        reason: null,
        nextAvailableAt: null,
      });
      const tooMany = await alice.client.post('/api/disconnect/availability', {
        userIds: Array.from({ length: 51 }, () => crypto.randomUUID()),
      });
      expect(tooMany.status).toBe(400);
    } finally {
      at(null);
    }
  });
});

describe('the administrators’ policy and report', () => {
  it('is for instance administrators only', async () => {
    const member = await buildUser(server);
    expect((await member.client.get('/api/admin/disconnect-policy')).status).toBe(403);
    expect(
      (await member.client.put('/api/admin/disconnect-policy', DEFAULT_DISCONNECT_POLICY)).status,
    ).toBe(403);
    expect((await member.client.get('/api/admin/disconnect-report')).status).toBe(403);
  });

  it('answers the defaults, saves a policy in the audit log, refuses an unknown zone', async () => {
    const first = await admin.client.get<DisconnectPolicy>('/api/admin/disconnect-policy');
    expect(first.body).toEqual(DEFAULT_DISCONNECT_POLICY);
    const bad = await admin.client.put<{ message: string }>('/api/admin/disconnect-policy', {
      ...DEFAULT_DISCONNECT_POLICY,
      defaultTimeZone: 'Europe/Atlantide',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Fuseau horaire inconnu');
    const saved = await setPolicy({ urgentAllowed: false });
    expect(saved.urgentAllowed).toBe(false);
    const audit = await admin.client.get<AuditPage>(
      '/api/admin/audit?action=disconnect_policy.changed',
    );
    expect(audit.body.entries[0]).toMatchObject({
      action: 'disconnect_policy.changed',
      actor: { id: admin.user.id },
    });
    await setPolicy({});
  });

  it('a month that is not YYYY-MM is refused', async () => {
    expect((await admin.client.get('/api/admin/disconnect-report?month=2026-13')).status).toBe(400);
  });
});

describe('holding notifications outside working hours', () => {
  it('a notification made Friday 19:00 is in the bell at once, not pushed, and pushed once on Monday 9:00', async () => {
    const { alice, bob, channel } = await pair();
    const phone = await subscribeDevice(bob);
    const socket = await openSocket(bob);
    at(FRIDAY_EVENING);
    try {
      const message = await mention(alice, bob, channel.id);
      const live = await socket.next(
        (e) => e.type === 'new_notification' && e.notification.messageId === message.id,
      );
      expect(live).toMatchObject({ held: true, unreadCount: 1 });
      await settled();
      const bell = await bob.client.get<NotificationPage>('/api/notifications');
      expect(bell.body.notifications.map((n) => n.messageId)).toContain(message.id);
      expect(
        (await bob.client.get<{ count: number }>('/api/notifications/unread-count')).body.count,
      ).toBe(1);
      // A moment for a push that should not come.
      await new Promise((r) => setTimeout(r, 300));
      expect(pushedTo(phone)).toHaveLength(0);

      // Saturday: still waiting.
      expect(await server.app.disconnect.tick(SATURDAY)).toBe(0);
      // Monday 9:00: released, once however often the release ticks.
      const ticks = await Promise.all([
        server.app.disconnect.tick(MONDAY_NINE),
        server.app.disconnect.tick(MONDAY_NINE),
      ]);
      expect(ticks.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await server.app.disconnect.tick(MONDAY_NINE)).toBe(0);
      const released = await socket.next((e) => e.type === 'notifications_released');
      expect(released).toMatchObject({ count: 1, unreadCount: 1 });
      await vi.waitFor(() => expect(pushedTo(phone)).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(pushedTo(phone)).toHaveLength(1);
    } finally {
      at(null);
    }
  });

  it('an urgent message is pushed at once, marked, and counted for the month; refused where not allowed', async () => {
    const { alice, bob, channel } = await pair();
    const phone = await subscribeDevice(bob);
    at(FRIDAY_EVENING);
    try {
      const urgent = await mention(alice, bob, channel.id, { urgent: true });
      expect(urgent.urgent).toBe(true);
      await vi.waitFor(() => expect(pushedTo(phone)).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      const page = await bob.client.get<{ messages: Message[] }>(
        `/api/channels/${channel.id}/messages`,
      );
      expect(page.body.messages.find((m) => m.id === urgent.id)?.urgent).toBe(true);
      // An ordinary one beside it is held.
      const ordinary = await mention(alice, bob, channel.id);
      expect(ordinary.urgent).toBeUndefined();
      await settled();
      await vi.waitFor(async () => {
        const report = await admin.client.get<DisconnectReport>(
          '/api/admin/disconnect-report?month=2026-12',
        );
        const row = report.body.items.find((i) => i.channelId === channel.id);
        expect(row).toEqual({
          channelId: channel.id,
          channelName: channel.name,
          urgentMessages: 1,
          heldNotifications: 1,
        });
      });
      expect(pushedTo(phone)).toHaveLength(1);

      await setPolicy({ urgentAllowed: false });
      const asked = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(asked.body.urgentAllowed).toBe(false);
      const refused = await alice.client.post<{ message: string }>(
        `/api/channels/${channel.id}/messages`,
        {
          content: 'Urgent !',
          urgent: true,
        },
      );
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(URGENT_NOT_ALLOWED);
    } finally {
      await setPolicy({});
      at(null);
    }
  });

  it('with the policy off, a notification outside hours is pushed at once; turning it off releases what waits', async () => {
    const { alice, bob, channel } = await pair();
    const phone = await subscribeDevice(bob);
    // What earlier tests left held goes first: this test counts what it releases.
    await server.app.disconnect.tick(new Date('2027-06-01T00:00:00Z'));
    at(FRIDAY_EVENING);
    try {
      await mention(alice, bob, channel.id);
      await settled();
      expect(pushedTo(phone)).toHaveLength(0);
      await setPolicy({ enabled: false });
      // What was held goes at the next tick.
      expect(await server.app.disconnect.tick(FRIDAY_EVENING)).toBe(1);
      await vi.waitFor(() => expect(pushedTo(phone)).toHaveLength(1), {
        timeout: 10_000,
        interval: 50,
      });
      await mention(alice, bob, channel.id);
      await vi.waitFor(() => expect(pushedTo(phone)).toHaveLength(2), {
        timeout: 10_000,
        interval: 50,
      });
      const available = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(available.body.items[0]).toMatchObject({ available: true, reason: null });
    } finally {
      await setPolicy({});
      at(null);
    }
  });

  it('a held notification read before Monday is not pushed then', async () => {
    const { alice, bob, channel } = await pair();
    const phone = await subscribeDevice(bob);
    at(FRIDAY_EVENING);
    try {
      await mention(alice, bob, channel.id);
      await settled();
      await bob.client.patch('/api/notifications/read-all');
      expect(await server.app.disconnect.tick(MONDAY_NINE)).toBe(1);
      await new Promise((r) => setTimeout(r, 300));
      expect(pushedTo(phone)).toHaveLength(0);
    } finally {
      at(null);
    }
  });

  it('someone on time off is held until the working day after it, and their own hours count', async () => {
    const { alice, bob, channel } = await pair();
    at(WEDNESDAY_NOON);
    try {
      // Bob works in New York from 10:00 on; Wednesday noon in Paris is 6:00 there.
      await bob.client.put('/api/me/time-zone', { timeZone: 'America/New_York' });
      await bob.client.put('/api/me/working-hours', {
        days: DEFAULT_WEEK.days.map((d) =>
          'off' in d ? d : { weekday: d.weekday, start: '10:00', end: '18:00' },
        ),
        holidays: true,
      });
      const res = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(res.body.items[0]).toMatchObject({
        available: false,
        reason: 'hours',
        nextAvailableAt: '2026-12-09T15:00:00.000Z',
      });
      await bob.client.post('/api/me/time-off', { start: '2026-12-09', end: '2026-12-11' });
      const off = await alice.client.post<AvailabilityList>('/api/disconnect/availability', {
        userIds: [bob.user.id],
      });
      expect(off.body.items[0]).toMatchObject({
        reason: 'time-off',
        nextAvailableAt: '2026-12-14T15:00:00.000Z',
      });
      await mention(alice, bob, channel.id);
      await settled();
      expect(await server.app.disconnect.tick(new Date('2026-12-14T14:59:00Z'))).toBe(0);
      expect(await server.app.disconnect.tick(new Date('2026-12-14T15:00:00Z'))).toBe(1);
    } finally {
      at(null);
    }
  });
});
