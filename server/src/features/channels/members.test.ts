import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel, ChannelMember } from '#shared/channels';
import { addMember, buildChannel, sendMessage } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, TestSocket } from '../../../test/test-socket';

let server: TestServer;
let alice: Actor; // creator and owner
let bob: Actor;
let carol: Actor;
let stranger: Actor;
beforeAll(async () => {
  server = await startTestServer();
  // The first account administers the workspace, which moderates every channel: none of these.
  await buildUser(server);
  [alice, bob, carol, stranger] = await Promise.all([
    buildUser(server, { displayName: 'Alice' }),
    buildUser(server, { displayName: 'Bob' }),
    buildUser(server, { displayName: 'Carol' }),
    buildUser(server, { displayName: 'Stranger' }),
  ]);
});
afterAll(() => server?.close());

async function groupWithBobAndCarol(): Promise<Channel> {
  const channel = await buildChannel(alice, { type: 'group' });
  await addMember(channel, alice, bob);
  await addMember(channel, alice, carol);
  return channel;
}

const members = async (who: Actor, channelId: string) =>
  (await who.client.get<ChannelMember[]>(`/api/channels/${channelId}/members`)).body;

describe('GET /api/channels/:id/members', () => {
  it('lists members with their users, owner first', async () => {
    const channel = await groupWithBobAndCarol();
    const res = await bob.client.get<ChannelMember[]>(`/api/channels/${channel.id}/members`);
    expect(res.status).toBe(200);
    expect(res.body.map((m) => [m.user.displayName, m.role])).toEqual([
      ['Alice', 'owner'],
      ['Bob', 'member'],
      ['Carol', 'member'],
    ]);
  });

  it('answers 404 to a non-member', async () => {
    const channel = await groupWithBobAndCarol();
    const res = await stranger.client.get<ApiErrorBody>(`/api/channels/${channel.id}/members`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Canal introuvable');
  });
});

describe('DELETE /api/channels/:id/members/:memberId', () => {
  it('lets the creator remove a member by membership id', async () => {
    const channel = await groupWithBobAndCarol();
    const bobMember = (await members(alice, channel.id)).find((m) => m.userId === bob.user.id)!;
    const res = await alice.client.delete(`/api/channels/${channel.id}/members/${bobMember.id}`);
    expect(res.status).toBe(204);
    expect((await members(alice, channel.id)).map((m) => m.userId)).not.toContain(bob.user.id);
    // Bob is out: the channel is now a stranger's to him.
    expect((await bob.client.get(`/api/channels/${channel.id}`)).status).toBe(404);
  });

  it('also accepts the member’s user id', async () => {
    const channel = await groupWithBobAndCarol();
    const res = await alice.client.delete(`/api/channels/${channel.id}/members/${carol.user.id}`);
    expect(res.status).toBe(204);
    expect((await members(alice, channel.id)).map((m) => m.userId)).toEqual([
      alice.user.id,
      bob.user.id,
    ]);
  });

  it('forbids members who are not its owner or administrators (403)', async () => {
    const channel = await groupWithBobAndCarol();
    const res = await bob.client.delete<ApiErrorBody>(
      `/api/channels/${channel.id}/members/${carol.user.id}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(
      'Seuls le propriétaire et les administrateurs du canal retirent des membres',
    );
  });

  it('never removes an owner (403)', async () => {
    const channel = await groupWithBobAndCarol();
    const res = await alice.client.delete<ApiErrorBody>(
      `/api/channels/${channel.id}/members/${alice.user.id}`,
    );
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('Le propriétaire du canal ne peut pas être retiré');
  });

  it('answers 404 for someone who is not a member, and to a non-member caller', async () => {
    const channel = await groupWithBobAndCarol();
    const unknown = await alice.client.delete<ApiErrorBody>(
      `/api/channels/${channel.id}/members/${stranger.user.id}`,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Ce membre n’appartient pas au canal');
    const byStranger = await stranger.client.delete(
      `/api/channels/${channel.id}/members/${bob.user.id}`,
    );
    expect(byStranger.status).toBe(404);
  });

  it('removes nobody from a direct conversation', async () => {
    const dm = await alice.client.post<Channel>('/api/channels/direct', { userId: bob.user.id });
    const res = await alice.client.delete(`/api/channels/${dm.body.id}/members/${bob.user.id}`);
    expect(res.status).toBe(403);
  });
});

describe('POST /api/channels/:id/leave', () => {
  const leave = (who: Actor, channelId: string) =>
    who.client.post<ApiErrorBody>(`/api/channels/${channelId}/leave`);

  it('lets a member leave: gone from the members and from their own channel list', async () => {
    const channel = await groupWithBobAndCarol();
    expect((await leave(bob, channel.id)).status).toBe(204);
    expect((await members(alice, channel.id)).map((m) => m.userId)).not.toContain(bob.user.id);
    const mine = await bob.client.get<Channel[]>('/api/channels');
    expect(mine.body.map((c) => c.id)).not.toContain(channel.id);
    // Having left, Bob is a stranger to the channel.
    expect((await bob.client.get(`/api/channels/${channel.id}/messages`)).status).toBe(404);
    expect((await leave(bob, channel.id)).status).toBe(404);
  });

  it('refuses the owner (409), a stranger (404) and a direct conversation (400)', async () => {
    const channel = await groupWithBobAndCarol();
    const owner = await leave(alice, channel.id);
    expect(owner.status).toBe(409);
    expect(owner.body.message).toMatch(/propriétaire/);
    expect((await leave(stranger, channel.id)).status).toBe(404);

    const direct = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: carol.user.id,
    });
    const res = await leave(carol, direct.body.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Une conversation directe ne peut pas être quittée');
    expect((await members(alice, channel.id)).map((m) => m.userId)).toContain(alice.user.id);
  });

  it('lets a member leave a voice channel too', async () => {
    const voice = await buildChannel(alice, { type: 'voice' });
    await addMember(voice, alice, carol);
    expect((await leave(carol, voice.id)).status).toBe(204);
    expect((await members(alice, voice.id)).map((m) => m.userId)).toEqual([alice.user.id]);
  });

  it('acts live like a removal: everyone hears it, and the leaver’s socket gets nothing more', async () => {
    const channel = await groupWithBobAndCarol();
    const [a, b] = await Promise.all([
      TestSocket.open(server, alice.client),
      TestSocket.open(server, bob.client),
    ]);
    try {
      b.send({ type: 'join_channel', channelId: channel.id });
      await b.next(isEvent('joined', { channelId: channel.id }));
      expect((await leave(bob, channel.id)).status).toBe(204);
      const left = { channelId: channel.id, userId: bob.user.id };
      await Promise.all([a, b].map((s) => s.next(isEvent('member_removed', left))));
      const seen = b.ofChannel(channel.id).length;
      await sendMessage(alice, channel.id, 'après le départ de Bob');
      await a.next(isEvent('new_message', { channelId: channel.id }));
      await b.sync();
      expect(b.ofChannel(channel.id)).toHaveLength(seen);
    } finally {
      a.ws.terminate();
      b.ws.terminate();
    }
  });
});
