import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Message } from '#shared/messages';
import type { NotificationPage } from '#shared/notifications';
import type { Reminder, ScheduledMessage } from '#shared/reminders';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { createTestStore, type TestStoreHandle } from '../../../test/stores';
import { TEST_REDIS_URL } from '../../../test/two-nodes';

// Two nodes on one PostgreSQL store, delivering side by side with the same (moved) clock; then
// a restart of both on that store, with the clock moved past what was due while they were down.
let store: TestStoreHandle;
let nodes: TestServer[] = [];
const env = { REMINDERS_POLL_MS: '0', REDIS_PREFIX: `ruche-test-rem-${process.pid}` };
const startNode = () => startTestServer({ store, env, redisUrl: TEST_REDIS_URL });
beforeAll(async () => {
  store = await createTestStore('postgres');
  nodes = [await startNode(), await startNode()];
});
afterAll(async () => {
  for (const node of nodes) await node.close();
  await store?.drop();
});

const minutes = (n: number) => new Date(Date.now() + n * 60_000);

it('two nodes ticking together deliver each reminder and each scheduled message exactly once', async () => {
  const [node1, node2] = nodes as [TestServer, TestServer];
  const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
  const channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  const count = 12;
  for (let i = 0; i < count; i++) {
    const note = await alice.client.post<Reminder>('/api/reminders', {
      note: `Rappel ${i}`,
      at: minutes(5).toISOString(),
    });
    expect(note.status).toBe(201);
    const scheduled = await alice.client.post<ScheduledMessage>('/api/scheduled-messages', {
      channelId: channel.id,
      content: `Programmé ${i}`,
      at: minutes(5).toISOString(),
    });
    expect(scheduled.status).toBe(201);
  }
  const at = minutes(6);
  const rounds = await Promise.all([
    node1.app.remindersDeliverDue(at),
    node2.app.remindersDeliverDue(at),
    node1.app.remindersDeliverDue(at),
    node2.app.remindersDeliverDue(at),
  ]);
  // Whatever each took, all of it was taken once.
  expect(rounds.reduce((a, b) => a + b, 0)).toBe(count * 2);
  await Promise.all([node1.app.remindersDeliverDue(at), node2.app.remindersDeliverDue(at)]);

  const page = await bob.client.get<{ messages: Message[] }>(
    `/api/channels/${channel.id}/messages`,
  );
  const posted = page.body.messages.filter((m) => m.content.startsWith('Programmé'));
  expect(posted).toHaveLength(count);
  expect(new Set(posted.map((m) => m.content)).size).toBe(count);
  const notes = await waitForReminders(alice, count);
  expect(notes).toBe(count);
});

async function waitForReminders(who: Awaited<ReturnType<typeof buildUser>>, expected: number) {
  const deadline = Date.now() + 10_000;
  let found = 0;
  while (Date.now() < deadline) {
    const res = await who.client.get<NotificationPage>('/api/notifications');
    found = res.body.notifications.filter((n) => n.type === 'reminder').length;
    if (found >= expected) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  // A moment more: a second copy would show up now.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const res = await who.client.get<NotificationPage>('/api/notifications');
  return res.body.notifications.filter((n) => n.type === 'reminder').length;
}

it('what fell due while every node was down goes once after the restart, with the clock moved on', async () => {
  const [node1] = nodes as [TestServer];
  const alice = await buildUser(node1);
  const channel = await buildChannel(alice);
  const reminder = await alice.client.post<Reminder>('/api/reminders', {
    note: 'Pendant la coupure',
    when: 'dans 20 minutes',
  });
  expect(reminder.status).toBe(201);
  const scheduled = await alice.client.post<ScheduledMessage>('/api/scheduled-messages', {
    channelId: channel.id,
    content: 'Parti après le redémarrage',
    when: 'dans 20 minutes',
  });
  expect(scheduled.status).toBe(201);
  for (const node of nodes) await node.close();

  // Both nodes back on the same store; their clock says an hour later.
  nodes = [await startNode(), await startNode()];
  {
    const [a, b] = nodes as [TestServer, TestServer];
    const client: typeof alice.client = Object.assign(
      Object.create(Object.getPrototypeOf(alice.client)),
      alice.client,
    );
    (client as { baseUrl: string }).baseUrl = b.url;
    const again = { ...alice, client };
    const moved = minutes(60);
    await Promise.all([a.app.remindersDeliverDue(moved), b.app.remindersDeliverDue(moved)]);
    await Promise.all([a.app.remindersDeliverDue(moved), b.app.remindersDeliverDue(moved)]);
    const page = await again.client.get<{ messages: Message[] }>(
      `/api/channels/${channel.id}/messages`,
    );
    expect(
      page.body.messages.filter((m) => m.content === 'Parti après le redémarrage'),
    ).toHaveLength(1);
    expect(await waitForReminders(again, 1)).toBe(1);
    expect((await again.client.get<Reminder[]>('/api/reminders')).body).toEqual([]);
    expect((await again.client.get<ScheduledMessage[]>('/api/scheduled-messages')).body).toEqual(
      [],
    );
  }
});
