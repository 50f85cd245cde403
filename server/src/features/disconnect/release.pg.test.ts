import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { NotificationPage } from '#shared/notifications';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import type { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { type PushService, startPushService } from '../../../test/push-service';
import { startTestServer, type TestServer } from '../../../test/server';
import { createTestStore, type TestStoreHandle } from '../../../test/stores';
import { TEST_REDIS_URL } from '../../../test/two-nodes';

// Two nodes on one PostgreSQL store: a notification held on Friday evening survives both
// nodes' restart and is released once on Monday 9:00 though both tick at that moment.
const FRIDAY_EVENING = new Date('2026-12-04T18:00:00Z');
const SUNDAY = new Date('2026-12-06T12:00:00Z');
const MONDAY_NINE = new Date('2026-12-07T08:00:00Z');

let store: TestStoreHandle;
let push: PushService;
let nodes: TestServer[] = [];
const startNode = () =>
  startTestServer({
    store,
    redisUrl: TEST_REDIS_URL,
    env: {
      REMINDERS_POLL_MS: '0',
      // The instance's default (the test servers start with the policy off).
      DISCONNECT_DEFAULT_ENABLED: 'true',
      REDIS_PREFIX: `ruche-test-dis-${process.pid}`,
      VAPID_SUBJECT: 'mailto:admin@ruche.test',
      PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
      PUSH_ALLOW_PRIVATE_NETWORKS: 'true',
    },
  });
beforeAll(async () => {
  push = await startPushService();
  store = await createTestStore('postgres');
  nodes = [await startNode(), await startNode()];
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await store?.drop();
  await push?.close();
});

/** The same person's session, through another node. */
function via(node: TestServer, who: Actor): TestClient {
  const client: TestClient = Object.assign(
    Object.create(Object.getPrototypeOf(who.client)),
    who.client,
  );
  (client as { baseUrl: string }).baseUrl = node.url;
  return client;
}

it('held on Friday 19:00, released exactly once on Monday 9:00 across a restart of both nodes', async () => {
  const [node1] = nodes as [TestServer];
  const [alice, bob] = await Promise.all([
    buildUser(node1, { displayName: 'Alice' }),
    buildUser(node1, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  // The VAPID keys are kept in the store's data folder: the restarted nodes sign with them.
  const phone = push.device(`/bob/${crypto.randomUUID()}`);
  expect(
    (await bob.client.post('/api/notifications/push-subscriptions', phone.json(false))).status,
  ).toBe(204);
  const pushed = () => push.received.filter((r) => `${push.origin}${r.path}` === phone.endpoint);

  for (const node of nodes) node.app.disconnect.setClock(FRIDAY_EVENING);
  const message = await sendMessage(alice, channel.id, {
    content: '@Bob le devis, lundi ?',
    mentions: [bob.user.id],
  });
  await vi.waitFor(
    async () => {
      const bell = await bob.client.get<NotificationPage>('/api/notifications');
      expect(bell.body.notifications.map((n) => n.messageId)).toContain(message.id);
    },
    { timeout: 10_000, interval: 50 },
  );
  // Sunday, on both nodes: nothing is due yet.
  const sunday = await Promise.all(nodes.map((n) => n.app.disconnect.tick(SUNDAY)));
  expect(sunday).toEqual([0, 0]);
  await new Promise((r) => setTimeout(r, 300));
  expect(pushed()).toHaveLength(0);

  for (const node of nodes) await node.close();
  nodes = [await startNode(), await startNode()];
  const [a, b] = nodes as [TestServer, TestServer];

  const rounds = await Promise.all([
    a.app.disconnect.tick(MONDAY_NINE),
    b.app.disconnect.tick(MONDAY_NINE),
    a.app.disconnect.tick(MONDAY_NINE),
    b.app.disconnect.tick(MONDAY_NINE),
  ]);
  expect(rounds.reduce((x, y) => x + y, 0)).toBe(1);
  await vi.waitFor(() => expect(pushed()).toHaveLength(1), { timeout: 10_000, interval: 50 });
  // Later ticks of either node find nothing more, and no second push comes.
  expect(
    await Promise.all([a.app.disconnect.tick(MONDAY_NINE), b.app.disconnect.tick(MONDAY_NINE)]),
  ).toEqual([0, 0]);
  await new Promise((r) => setTimeout(r, 300));
  expect(pushed()).toHaveLength(1);
  // Still in Bob's bell, unread, through the other node.
  const bell = await via(b, bob).get<NotificationPage>('/api/notifications?unread=true');
  expect(bell.body.notifications.map((n) => n.messageId)).toContain(message.id);
});
