import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel } from '#shared/channels';
import type { Message, MessagePage } from '#shared/messages';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let stranger: Actor;
let channel: Channel;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice Dupont' }),
    buildUser(server, { displayName: 'Bob', email: `bob-${Date.now()}@ruche.test` }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
  channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
});
afterAll(() => server?.close());

const post = (who: Actor, body: unknown, channelId = channel.id) =>
  who.client.post<Message & ApiErrorBody>(`/api/channels/${channelId}/messages`, body);

describe('threads', () => {
  it('counts replies on the parent and lists the thread oldest first', async () => {
    const parent = await sendMessage(alice, channel.id, 'question ?');
    const r1 = await sendMessage(bob, channel.id, {
      content: 'réponse 1',
      parentMessageId: parent.id,
    });
    const r2 = await sendMessage(alice, channel.id, {
      content: 'réponse 2',
      parentMessageId: parent.id,
    });
    expect(r1.parentMessageId).toBe(parent.id);

    const page = await bob.client.get<MessagePage>(`/api/channels/${channel.id}/messages`);
    const listed = page.body.messages.find((m) => m.id === parent.id);
    expect(listed).toMatchObject({ replyCount: 2, lastReplyAt: r2.createdAt });
    // Replies stay in their thread, out of the channel list.
    expect(page.body.messages.some((m) => m.id === r1.id)).toBe(false);

    const thread = await bob.client.get<{ parent: Message; replies: Message[] }>(
      `/api/messages/${parent.id}/thread`,
    );
    expect(thread.status).toBe(200);
    expect(thread.body.parent).toMatchObject({ id: parent.id, replyCount: 2 });
    expect(thread.body.replies.map((m) => m.id)).toEqual([r1.id, r2.id]);
    // A reply's id opens the same thread.
    const viaReply = await bob.client.get<{ parent: Message }>(`/api/messages/${r2.id}/thread`);
    expect(viaReply.body.parent.id).toBe(parent.id);

    expect((await stranger.client.get(`/api/messages/${parent.id}/thread`)).status).toBe(404);

    await alice.client.delete(`/api/messages/${r2.id}`);
    const after = await bob.client.get<{ parent: Message; replies: Message[] }>(
      `/api/messages/${parent.id}/thread`,
    );
    expect(after.body.parent.replyCount).toBe(1);
    // Deleting the parent takes the thread with it.
    await alice.client.delete(`/api/messages/${parent.id}`);
    expect((await bob.client.get(`/api/messages/${r1.id}/thread`)).status).toBe(404);
  });

  it('only replies to a top-level message of the same channel (400)', async () => {
    const parent = await sendMessage(alice, channel.id, 'racine');
    const reply = await sendMessage(bob, channel.id, { content: 'r', parentMessageId: parent.id });
    const nested = await post(alice, { content: 'imbriquée', parentMessageId: reply.id });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe(
      'Le message auquel vous répondez est introuvable dans ce canal',
    );
    const other = await buildChannel(alice);
    const elsewhere = await post(
      alice,
      { content: 'ailleurs', parentMessageId: parent.id },
      other.id,
    );
    expect(elsewhere.status).toBe(400);
  });
});
