import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import { THREAD_PAGE_SIZE, type ThreadListPage, type ThreadUnreadCount } from '#shared/messages';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let carol: Actor;
let channel: Channel;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Carol' }),
  ]);
  channel = await buildChannel(alice);
  await addMember(channel, alice, bob);
  await addMember(channel, alice, carol);
});
afterAll(() => server?.close());

const threads = async (who: Actor, cursor?: string) => {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const res = await who.client.get<ThreadListPage>(`/api/threads${query}`);
  expect(res.status).toBe(200);
  return res.body;
};
const unread = async (who: Actor) =>
  (await who.client.get<ThreadUnreadCount>('/api/threads/unread')).body.count;

// Followers are added after the reply's commit, off the send path: wait for it.
const eventually = (check: () => Promise<unknown>) =>
  expect.poll(check, { timeout: 10_000, interval: 50 });

describe('followed threads (GET /api/threads)', () => {
  it('lists threads one started, replied in or was mentioned in, with unread replies', async () => {
    const root = await sendMessage(alice, channel.id, 'Qui vient jeudi ?');
    const other = await sendMessage(carol, channel.id, 'Un fil où Alice n’est pas');
    const r1 = await sendMessage(bob, channel.id, { content: 'Moi', parentMessageId: root.id });
    await sendMessage(bob, channel.id, { content: 'Pas moi', parentMessageId: other.id });
    await sendMessage(bob, channel.id, {
      content: 'Carol, tu viens ?',
      parentMessageId: root.id,
      mentions: [carol.user.id],
    });

    // Alice started it: one thread, two replies by Bob unread.
    await eventually(async () => (await threads(alice)).threads[0]?.unreadCount).toBe(2);
    const page = await threads(alice);
    expect(page.threads.map((t) => t.parent.id)).toEqual([root.id]);
    expect(page.threads[0]?.latestReplies.map((m) => m.content)).toEqual([
      'Moi',
      'Carol, tu viens ?',
    ]);
    expect(page.threads[0]?.parent.replyCount).toBe(2);
    expect(page.nextCursor).toBeNull();
    expect(await unread(alice)).toBe(1);

    // Bob replied in both: his own replies are read.
    await eventually(async () => (await threads(bob)).threads.length).toBe(2);
    expect((await threads(bob)).threads.every((t) => t.unreadCount === 0)).toBe(true);
    expect(await unread(bob)).toBe(0);

    // Carol was mentioned in the first and started the second (newest activity first).
    await eventually(async () => (await threads(carol)).threads.map((t) => t.parent.id)).toEqual([
      root.id,
      other.id,
    ]);

    // Reading clears the count; a reply of her own does not count as unread.
    const read = await alice.client.post(`/api/threads/${root.id}/read`, { seq: r1.seq });
    expect(read.status).toBe(204);
    expect((await threads(alice)).threads[0]?.unreadCount).toBe(1);
    const last = (await threads(alice)).threads[0]?.latestReplies.at(-1);
    await alice.client.post(`/api/threads/${root.id}/read`, { seq: last?.seq });
    expect(await unread(alice)).toBe(0);
    // A read mark never goes back.
    await alice.client.post(`/api/threads/${root.id}/read`, { seq: 0 });
    expect(await unread(alice)).toBe(0);
    await sendMessage(alice, channel.id, { content: 'Super', parentMessageId: root.id });
    await eventually(async () => (await threads(bob)).threads[0]?.unreadCount).toBe(1);
    expect(await unread(alice)).toBe(0);
  });

  it('pages by cursor, newest activity first, without gaps or doubles', async () => {
    const dave = await buildUser(server, { displayName: 'Dave' });
    const room = await buildChannel(dave);
    await addMember(room, dave, bob);
    const roots = [];
    for (let i = 0; i < THREAD_PAGE_SIZE + 3; i++) {
      const root = await sendMessage(dave, room.id, `fil ${i}`);
      await sendMessage(bob, room.id, { content: `réponse ${i}`, parentMessageId: root.id });
      roots.push(root.id);
    }
    await eventually(async () => unread(dave)).toBe(THREAD_PAGE_SIZE + 3);
    const first = await threads(dave);
    expect(first.threads).toHaveLength(THREAD_PAGE_SIZE);
    expect(first.nextCursor).not.toBeNull();
    const second = await threads(dave, first.nextCursor ?? undefined);
    expect(second.nextCursor).toBeNull();
    expect([...first.threads, ...second.threads].map((t) => t.parent.id)).toEqual(roots.reverse());
  });

  it('stops listing a channel’s threads once the member left it', async () => {
    const erin = await buildUser(server, { displayName: 'Erin' });
    const room = await buildChannel(erin);
    await addMember(room, erin, bob);
    const root = await sendMessage(erin, room.id, 'avant de partir');
    await sendMessage(bob, room.id, { content: 'réponse', parentMessageId: root.id });
    await sendMessage(erin, room.id, { content: 'relance', parentMessageId: root.id });
    await eventually(async () => unread(bob)).toBeGreaterThanOrEqual(1);
    expect((await threads(bob)).threads.some((t) => t.parent.id === root.id)).toBe(true);

    expect((await bob.client.post(`/api/channels/${room.id}/leave`)).status).toBe(204);
    expect((await threads(bob)).threads.some((t) => t.parent.id === root.id)).toBe(false);
    // Erin, still a member, keeps it.
    expect((await threads(erin)).threads.map((t) => t.parent.id)).toEqual([root.id]);
  });

  it('refuses a bad cursor or read mark with a French 400, and needs a session', async () => {
    const bad = await alice.client.get<ApiErrorBody>('/api/threads?cursor=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Le curseur de pagination des fils n’est pas valide');
    const root = await sendMessage(alice, channel.id, 'x');
    const badSeq = await alice.client.post<ApiErrorBody>(`/api/threads/${root.id}/read`, {
      seq: -1,
    });
    expect(badSeq.status).toBe(400);
    expect(badSeq.body.message).toBe('Le numéro du dernier message lu doit être positif');
    const badId = await alice.client.post<ApiErrorBody>('/api/threads/pas-un-id/read', { seq: 1 });
    expect(badId.status).toBe(404);
    const anonymous = await fetch(`${server.url}/api/threads`);
    expect(anonymous.status).toBe(401);
  });
});
