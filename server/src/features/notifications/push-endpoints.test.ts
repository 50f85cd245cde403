/**
 * docs/security.md, issue 42 item 2: a push subscription cannot aim the server at its own
 * network. A plain TCP listener on 127.0.0.1 stands for a service there (a database, an
 * admin port): it counts every connection made to it, and must see none. These servers run
 * with the default settings — no PUSH_ALLOWED_HOSTS, no PUSH_ALLOW_PRIVATE_NETWORKS — but
 * for the one that allows `localhost` by name, as an administrator might by mistake.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '#shared/notifications';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { pushSubscriptions } from './schema';

let listener: net.Server;
let port: number;
let connections = 0;

beforeAll(async () => {
  listener = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as net.AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

/** A server whose warnings are kept, to know when a push was refused. */
async function serverWithLog(env: Record<string, string> = {}) {
  const lines: string[] = [];
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const server = await startTestServer({ env: { LOG_LEVEL: 'warn', ...env }, logStream });
  return { server, lines };
}

const keys = () => ({
  p256dh: crypto.createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: crypto.randomBytes(16).toString('base64url'),
});
const subscribe = (who: Actor, endpoint: string) =>
  who.client.post<{ message?: string }>('/api/notifications/push-subscriptions', {
    endpoint,
    keys: keys(),
    previews: true,
  });

/** A row as one made before the rule existed: the store may hold such subscriptions. */
const storeSubscription = (server: TestServer, userId: string, endpoint: string) =>
  server.database.db.insert(pushSubscriptions).values({ userId, endpoint, ...keys() });

const subscriptionsOf = (server: TestServer, userId: string) =>
  server.database.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

/** Someone sends `to` a friend request and a direct message: notifications to push. */
async function notify(server: TestServer, to: Actor): Promise<void> {
  const eve = await buildUser(server, { displayName: 'Eve' });
  expect((await eve.client.post('/api/friend-requests', { toUserId: to.user.id })).status).toBe(
    201,
  );
  const dm = await eve.client.post<{ id: string }>('/api/channels/direct', {
    recipientId: to.user.id,
  });
  expect(dm.status).toBeLessThan(300);
  expect(
    (await eve.client.post(`/api/channels/${dm.body.id}/messages`, { content: 'Coucou' })).status,
  ).toBe(201);
  await vi.waitFor(
    async () => {
      const list = await to.client.get<{ notifications: Notification[] }>('/api/notifications');
      const types = list.body.notifications.map((n) => n.type);
      expect(types).toContain('friend_request');
      expect(types).toContain('direct_message');
    },
    { timeout: 10_000, interval: 50 },
  );
}

const refusals = (lines: string[]) =>
  lines.filter((line) => line.includes('web push endpoint refused')).length;

describe('with the default settings', () => {
  let server: TestServer;
  let lines: string[];
  beforeAll(async () => {
    ({ server, lines } = await serverWithLog());
  });
  afterAll(() => server?.close());

  it('refuses (400) an endpoint that is not https on a public push service, and never connects to it', async () => {
    const victim = await buildUser(server);
    const endpoints = [
      `https://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
      `https://localhost:${port}/push/${crypto.randomUUID()}`,
      `https://[::ffff:127.0.0.1]:${port}/push/${crypto.randomUUID()}`,
      `https://10.0.0.7/push/${crypto.randomUUID()}`,
      `https://192.168.1.1/push/${crypto.randomUUID()}`,
      'https://169.254.169.254/latest/meta-data/',
      `https://push.ailleurs.example/push/${crypto.randomUUID()}`,
      `http://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      // Read as fcm.googleapis.com by new URL, as no host (then localhost) by web-push's
      // url.parse: only the canonical form is taken.
      `https:fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      `https:/fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      `https:evil.example@fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
      `https://fcm.googleapis.com:${port}/fcm/send/${crypto.randomUUID()}`,
    ];
    for (const endpoint of endpoints) {
      const res = await subscribe(victim, endpoint);
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
      expect(res.body.message).toMatch(/service push/i);
    }
    expect(await subscriptionsOf(server, victim.user.id)).toHaveLength(0);
    await notify(server, victim);
    expect(connections).toBe(0);
  });

  it('pushes nothing to such an endpoint already stored (a subscription made before the rule)', async () => {
    const victim = await buildUser(server);
    const stored = [
      `https://127.0.0.1:${port}/push/${crypto.randomUUID()}`,
      `https://localhost:${port}/push/${crypto.randomUUID()}`,
      `https://10.0.0.7/push/${crypto.randomUUID()}`,
      'https://169.254.169.254/latest/meta-data/',
    ];
    for (const endpoint of stored) await storeSubscription(server, victim.user.id, endpoint);
    const before = refusals(lines);
    await notify(server, victim);
    // At least the friend request and the message are refused for each of the four
    // endpoints — or, without the rule, the listener is reached first.
    await vi.waitFor(
      () => {
        if (connections === 0 && refusals(lines) < before + 2 * stored.length) {
          throw new Error('not yet');
        }
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(connections).toBe(0);
  });
});

describe('with PUSH_ALLOWED_HOSTS naming a host that resolves into the server’s network', () => {
  let server: TestServer;
  let lines: string[];
  beforeAll(async () => {
    ({ server, lines } = await serverWithLog({ PUSH_ALLOWED_HOSTS: `localhost:${port}` }));
  });
  afterAll(() => server?.close());

  it('refuses it at subscribe, and at send (a name that resolved elsewhere then)', async () => {
    const victim = await buildUser(server);
    const endpoint = `https://localhost:${port}/push/${crypto.randomUUID()}`;
    const refused = await subscribe(victim, endpoint);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/réseau interne/);
    // As if `localhost` had resolved to a public address at subscribe and rebinds now.
    await storeSubscription(server, victim.user.id, endpoint);
    const before = refusals(lines);
    await notify(server, victim);
    await vi.waitFor(
      () => {
        if (connections === 0 && refusals(lines) < before + 2) throw new Error('not yet');
      },
      { timeout: 15_000, interval: 50 },
    );
    expect(connections).toBe(0);
  });
});
