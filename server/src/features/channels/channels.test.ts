import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { Channel, ChannelRead, ChannelWithMembers, PublicChannel } from '#shared/channels';
import { buildChannel, sendMessage } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { TestSocket } from '../../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('POST /api/channels', () => {
  it('creates a channel whose creator is its owner', async () => {
    const alice = await buildUser(server);
    const res = await alice.client.post<Channel>('/api/channels', {
      name: '  Général  ',
      description: "L'équipe",
      type: 'group',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Général',
      description: "L'équipe",
      type: 'group',
      createdById: alice.user.id,
      unreadCount: 0,
      lastSeq: 0,
    });
    const full = await alice.client.get<ChannelWithMembers>(`/api/channels/${res.body.id}`);
    expect(full.status).toBe(200);
    expect(full.body.members).toHaveLength(1);
    expect(full.body.members[0]).toMatchObject({ userId: alice.user.id, role: 'owner' });
    expect(full.body.members[0]?.user.id).toBe(alice.user.id);
  });

  it('defaults to type channel', async () => {
    const alice = await buildUser(server);
    const res = await alice.client.post<Channel>('/api/channels', { name: 'défaut' });
    expect(res.body.type).toBe('channel');
  });

  it.each([
    ['missing name', {}, 'name', 'Le nom du canal est requis'],
    ['blank name', { name: '   ' }, 'name', 'Le nom du canal est requis'],
    [
      '101-character name',
      { name: 'x'.repeat(101) },
      'name',
      'Le nom du canal ne peut pas dépasser 100 caractères',
    ],
    [
      '501-character description',
      { name: 'ok', description: 'd'.repeat(501) },
      'description',
      'La description ne peut pas dépasser 500 caractères',
    ],
    [
      'direct type',
      { name: 'ok', type: 'direct' },
      'type',
      'Le type doit être « channel », « group » ou « voice »',
    ],
  ])('rejects a %s with a French field error', async (_label, body, field, message) => {
    const alice = await buildUser(server);
    const res = await alice.client.post<ApiErrorBody>('/api/channels', body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(res.body.errors?.[field]).toContain(message);
  });

  it('requires a session', async () => {
    const res = await new TestClient(server.url).post('/api/channels', { name: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('GET /api/channels', () => {
  it("lists only the caller's channels", async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const mine = await buildChannel(alice, { name: 'a-moi' });
    await buildChannel(bob, { name: 'a-bob' });
    const res = await alice.client.get<Channel[]>('/api/channels');
    expect(res.status).toBe(200);
    expect(res.body.map((c) => c.id)).toEqual([mine.id]);
  });

  it('marks read over the socket too (mark_read): channel_read to the user, members only', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);
    for (const text of ['un', 'deux']) await sendMessage(alice, channel.id, text);
    const socket = await TestSocket.open(server, bob.client);
    socket.send({ type: 'mark_read', channelId: channel.id });
    const read = await socket.next((e) => e.type === 'channel_read');
    const listed = (await bob.client.get<Channel[]>('/api/channels')).body.find(
      (c) => c.id === channel.id,
    );
    expect(listed).toMatchObject({ unreadCount: 0, lastReadSeq: listed?.lastSeq });
    expect(read).toMatchObject({ channelId: channel.id, lastReadSeq: listed?.lastSeq });

    // Not a member: an error, and nothing marked.
    const other = await buildChannel(alice);
    socket.send({ type: 'mark_read', channelId: other.id });
    expect(await socket.next((e) => e.type === 'error')).toMatchObject({
      message: 'Canal introuvable',
    });
    await socket.close();
  });

  it('counts unread messages from others since lastReadAt, cleared by POST /read', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const channel = await buildChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);
    for (const text of ['un', 'deux', 'trois']) await sendMessage(alice, channel.id, text);

    const listed = async (who: typeof alice) =>
      (await who.client.get<Channel[]>('/api/channels')).body.find((c) => c.id === channel.id);
    const unread = async (who: typeof alice) => (await listed(who))?.unreadCount;
    expect(await unread(bob)).toBe(3);
    expect(await unread(alice)).toBe(0);
    // Read from the join on (issue 45, item 4): joined before they were sent, all three are new.
    expect(await listed(bob)).toMatchObject({ lastReadSeq: 0 });
    expect((await listed(bob))?.lastReadAt).not.toBeNull();

    const read = await bob.client.post<ChannelRead>(`/api/channels/${channel.id}/read`);
    expect(read.status).toBe(200);
    expect(read.body.channelId).toBe(channel.id);
    expect(Date.parse(read.body.lastReadAt)).not.toBeNaN();
    const third = (await listed(bob))?.lastSeq;
    expect(read.body.lastReadSeq).toBe(third);
    expect(await unread(bob)).toBe(0);
    // The caller's own read position, the one the client places the line with.
    expect(await listed(bob)).toMatchObject({
      lastReadAt: read.body.lastReadAt,
      lastReadSeq: third,
    });

    const fourth = await sendMessage(alice, channel.id, 'quatre');
    expect(await unread(bob)).toBe(1);
    // A reply in a thread counts in its thread, not in the channel's badge.
    await sendMessage(alice, channel.id, { content: 'dans le fil', parentMessageId: fourth.id });
    expect(await unread(bob)).toBe(1);
    // Sending marks the sender's channel read, up to their own message.
    const answer = await sendMessage(bob, channel.id, 'réponse');
    expect(await unread(bob)).toBe(0);
    expect((await listed(bob))?.lastReadSeq).toBe(answer.seq);
    expect(await unread(alice)).toBe(1);
  });
});

describe('DELETE /api/channels/:id', () => {
  it('lets the owner delete; members get 403, strangers 404', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const carol = await buildUser(server);
    const channel = await buildChannel(alice);
    await bob.client.post(`/api/channels/${channel.id}/join`);

    const byMember = await bob.client.delete<ApiErrorBody>(`/api/channels/${channel.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.body.message).toBe('Seul le propriétaire peut supprimer ce canal');
    expect((await carol.client.delete(`/api/channels/${channel.id}`)).status).toBe(404);

    expect((await alice.client.delete(`/api/channels/${channel.id}`)).status).toBe(204);
    expect((await alice.client.get(`/api/channels/${channel.id}`)).status).toBe(404);
    expect((await bob.client.get<Channel[]>('/api/channels')).body).toEqual([]);
  });
});

describe('GET /api/channels/:id', () => {
  it('answers 404 with a French message to non-members and for malformed ids', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const channel = await buildChannel(alice, { type: 'group' });
    const res = await bob.client.get<ApiErrorBody>(`/api/channels/${channel.id}`);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe('Canal introuvable');
    expect((await bob.client.get('/api/channels/pas-un-uuid')).status).toBe(404);
  });
});

describe('browse and join public channels', () => {
  it('lists public channels the caller has not joined, then joins one', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const name = `public-${Date.now()}`;
    const pub = await buildChannel(alice, { name });
    const group = await buildChannel(alice, { name: `${name}-groupe`, type: 'group' });

    const browse = await bob.client.get<PublicChannel[]>(`/api/channels/browse?q=${name}`);
    expect(browse.status).toBe(200);
    expect(browse.body).toEqual([
      expect.objectContaining({ id: pub.id, name, type: 'channel', memberCount: 1 }),
    ]);

    const join = await bob.client.post<Channel>(`/api/channels/${pub.id}/join`);
    expect(join.status).toBe(200);
    expect(join.body.id).toBe(pub.id);
    // Joining twice is harmless.
    expect((await bob.client.post(`/api/channels/${pub.id}/join`)).status).toBe(200);
    expect((await bob.client.get<PublicChannel[]>(`/api/channels/browse?q=${name}`)).body).toEqual(
      [],
    );
    const members = await bob.client.get<unknown[]>(`/api/channels/${pub.id}/members`);
    expect(members.body).toHaveLength(2);

    // Groups are by invite only.
    expect((await bob.client.post(`/api/channels/${group.id}/join`)).status).toBe(404);
  });

  it('lists voice channels too, and lets anyone join one', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const name = `vocal-${Date.now()}`;
    const voice = await buildChannel(alice, { name, type: 'voice' });
    const browse = await bob.client.get<PublicChannel[]>(`/api/channels/browse?q=${name}`);
    expect(browse.body).toEqual([
      expect.objectContaining({ id: voice.id, name, type: 'voice', memberCount: 1 }),
    ]);
    const join = await bob.client.post<Channel>(`/api/channels/${voice.id}/join`);
    expect(join.status).toBe(200);
    expect(join.body).toMatchObject({ id: voice.id, type: 'voice' });
    expect((await bob.client.post(`/api/voice-channels/${voice.id}/join`)).status).toBe(200);
  });

  it('treats % and _ in the search literally', async () => {
    const alice = await buildUser(server);
    await buildChannel(alice, { name: 'cent pour cent' });
    const res = await alice.client.get<PublicChannel[]>('/api/channels/browse?q=%25');
    expect(res.body.filter((c) => c.name === 'cent pour cent')).toEqual([]);
  });
});
