/**
 * Two nodes on one PostgreSQL and one Redis: a user's sockets on both nodes see the same
 * notifications, read marks and unread count, whichever node made or read them.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NotificationPage } from '#shared/notifications';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { type PushDevice, type PushService, startPushService } from '../../../test/push-service';
import type { TestServer } from '../../../test/server';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

let nodes: TwoNodes;
let node1: TestServer;
let node2: TestServer;
let push: PushService;

beforeAll(async () => {
  push = await startPushService();
  // The test push service runs on this machine: allowed by name and port, its loopback
  // address as a LAN push service's would be (docs/notifications.md, "Where pushes may go").
  nodes = await startTwoNodes({
    env: { PUSH_ALLOWED_HOSTS: new URL(push.origin).host, PUSH_ALLOW_PRIVATE_NETWORKS: 'true' },
  });
  ({ node1, node2 } = nodes);
});
afterAll(async () => {
  await nodes?.close();
  await push?.close();
});

/** The same person signed in on node 2 (the session lives in the database). */
const on2 = (actor: Actor): Actor => nodes.on(node2, actor);
const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);
type NewNotification = Extract<ServerEvent, { type: 'new_notification' }>;

it('unread count and read marks agree across two sockets of one user on two nodes', async () => {
  const [alice, bob] = await Promise.all([
    buildUser(node1, { displayName: 'Alice' }),
    buildUser(node1, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  const b1 = await open(node1, bob);
  const b2 = await open(node2, bob);

  // Made on node 1 (where alice sends): both of Bob's sockets hear it.
  await sendMessage(alice, channel.id, { content: '@Bob un', mentions: [bob.user.id] });
  const seen = await Promise.all(
    [b1, b2].map((s) => s.next<NewNotification>(isEvent('new_notification'))),
  );
  expect(seen.map((e) => e.unreadCount)).toEqual([1, 1]);
  expect(seen[0]?.notification.id).toBe(seen[1]?.notification.id);

  // Made on node 2: the same.
  await sendMessage(on2(alice), channel.id, { content: '@Bob deux', mentions: [bob.user.id] });
  for (const s of [b1, b2]) {
    await s.next<NewNotification>((e) => e.type === 'new_notification' && e.unreadCount === 2);
  }

  // Read on node 2, heard on node 1; read all on node 1, heard on node 2.
  const read = await on2(bob).client.patch(`/api/notifications/${seen[0]?.notification.id}/read`);
  expect(read.status).toBe(204);
  for (const s of [b1, b2]) await s.next(isEvent('notification_read', { unreadCount: 1 }));
  expect((await bob.client.patch('/api/notifications/read-all')).status).toBe(204);
  for (const s of [b1, b2]) await s.next(isEvent('notifications_read_all'));
  for (const client of [bob.client, on2(bob).client]) {
    expect(
      (await client.get<{ count: number }>('/api/notifications/unread-count')).body.count,
    ).toBe(0);
    const page = await client.get<NotificationPage>('/api/notifications');
    expect(page.body.notifications.map((n) => n.read)).toEqual([true, true]);
  }
});

it('a deleted message takes its notifications off both nodes’ sockets, live', async () => {
  const [alice, bob] = await Promise.all([
    buildUser(node1, { displayName: 'Alice' }),
    buildUser(node1, { displayName: 'Bob' }),
  ]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  const b1 = await open(node1, bob);
  const b2 = await open(node2, bob);
  const sent = await sendMessage(alice, channel.id, {
    content: '@Bob oups',
    mentions: [bob.user.id],
  });
  const made = await b1.next<NewNotification>(isEvent('new_notification'));
  await b2.next(isEvent('new_notification'));
  // Deleted through node 2: node 1's socket hears it too.
  expect((await on2(alice).client.delete(`/api/messages/${sent.id}`)).status).toBe(204);
  for (const s of [b1, b2]) {
    const gone = await s.next<Extract<ServerEvent, { type: 'notifications_deleted' }>>(
      isEvent('notifications_deleted'),
    );
    expect(gone.notificationIds).toEqual([made.notification.id]);
    expect(gone.unreadCount).toBe(0);
  }
  const page = await bob.client.get<NotificationPage>('/api/notifications');
  expect(page.body.notifications).toEqual([]);
});

describe('Web Push and tabs in view, across nodes', () => {
  it('a tab in view on node 2 stops pushes made on node 1; hidden, they resume', async () => {
    const [alice, bob, carol] = await Promise.all([
      buildUser(node1, { displayName: 'Alice' }),
      buildUser(node1, { displayName: 'Bob' }),
      buildUser(node1, { displayName: 'Carol' }),
    ]);
    const channel = await buildChannel(alice);
    await addMember(channel, alice, bob);
    await addMember(channel, alice, carol);
    const bobPhone = push.device(`/bob/${randomUUID()}`);
    const carolPhone = push.device(`/carol/${randomUUID()}`);
    const subscribe = (who: Actor, device: PushDevice) =>
      who.client.post('/api/notifications/push-subscriptions', device.json(false));
    expect((await subscribe(bob, bobPhone)).status).toBe(204);
    expect((await subscribe(carol, carolPhone)).status).toBe(204);
    const pushesTo = (device: PushDevice) =>
      push.received.filter((r) => `${push.origin}${r.path}` === device.endpoint).length;
    const waitPushes = (device: PushDevice, n: number) =>
      vi.waitFor(() => expect(pushesTo(device)).toBe(n), { timeout: 10_000, interval: 50 });
    const mentionBoth = () =>
      sendMessage(alice, channel.id, {
        content: '@Bob @Carol',
        mentions: [bob.user.id, carol.user.id],
      });

    // Bob's tab in view is on node 2; the notification is made on node 1.
    const tab = await open(node2, bob);
    tab.send({ type: 'tab_visibility', visible: true });
    await tab.sync();
    // Node 2 publishes in order: once node 1 relays an event node 2 published after the
    // note, node 1 has the note.
    const probe = await open(node1, bob);
    expect((await on2(bob).client.patch('/api/notifications/read-all')).status).toBe(204);
    await probe.next(isEvent('notifications_read_all'));
    await mentionBoth();
    await waitPushes(carolPhone, 1);
    // Carol's push and Bob's would have gone in the same batch.
    expect(pushesTo(bobPhone)).toBe(0);

    tab.send({ type: 'tab_visibility', visible: false });
    await tab.sync();
    expect((await on2(bob).client.patch('/api/notifications/read-all')).status).toBe(204);
    await probe.next(isEvent('notifications_read_all'));
    await mentionBoth();
    await waitPushes(carolPhone, 2);
    await waitPushes(bobPhone, 1);
  });
});

it('a channel read in a tab in view on node 2 makes no "new messages" item on node 1; a mention still does', async () => {
  const [alice, bob, carol] = await Promise.all([
    buildUser(node1, { displayName: 'Alice' }),
    buildUser(node1, { displayName: 'Bob' }),
    buildUser(node1, { displayName: 'Carol' }),
  ]);
  const channel = await buildChannel(alice);
  const other = await buildChannel(alice);
  for (const c of [channel, other]) await addMember(c, alice, bob);
  await addMember(channel, alice, carol);
  const carolSocket = await open(node1, carol);
  const probe = await open(node1, bob);
  const tab = await open(node2, bob);
  // Node 2 publishes in order: once node 1 relays an event node 2 published after the tab's
  // note, node 1 has the note.
  const say = async (frame: { visible: boolean; reading?: string | null }) => {
    tab.send({ type: 'tab_visibility', ...frame });
    await tab.sync();
    expect((await on2(bob).client.patch('/api/notifications/read-all')).status).toBe(204);
    await probe.next(isEvent('notifications_read_all'));
  };
  const itemsOfBob = async () =>
    (await bob.client.get<NotificationPage>('/api/notifications')).body.notifications
      .filter((n) => !n.read)
      .map((n) => n.type);
  // Carol is mentioned each time, so each message makes her an item. Hers and Bob's are
  // written by the same statement: once hers arrives, his is there.
  const sendAndWaitForCarol = async (text: string) => {
    const content = `@Carol ${text}`;
    await sendMessage(alice, channel.id, { content, mentions: [carol.user.id] });
    await carolSocket.next(
      (e) => e.type === 'new_notification' && e.notification.content === content,
    );
  };

  await say({ visible: true, reading: channel.id });
  await sendAndWaitForCarol('lu en direct');
  expect(await itemsOfBob()).toEqual([]);

  // A mention is more than a channel's news: it is made, read or not.
  await sendMessage(alice, channel.id, { content: '@Bob regarde', mentions: [bob.user.id] });
  await probe.next((e) => e.type === 'new_notification' && e.notification.type === 'mention');
  expect(await itemsOfBob()).toEqual(['mention']);

  // Reading another channel, or in view but reading none: the channel's news makes an item.
  await say({ visible: true, reading: other.id });
  await sendAndWaitForCarol('ailleurs');
  expect(await itemsOfBob()).toEqual(['channel_message']);
  await say({ visible: true, reading: channel.id });
  await say({ visible: false, reading: channel.id });
  await sendAndWaitForCarol('onglet caché');
  expect(await itemsOfBob()).toEqual(['channel_message']);
});
