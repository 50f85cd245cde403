import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelMember } from '#shared/channels';
import type { Message, MessagePage } from '#shared/messages';
import { CLOSE_POLICY_VIOLATION, CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import {
  aliceWatchingBob,
  createChannel,
  isEvent,
  joinChannel,
  sendMessage,
  socketOpener,
  TestSocket,
} from '../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

describe('the /ws upgrade', () => {
  it('refuses a socket without a session with 401', async () => {
    await expect(TestSocket.connect(server, '')).rejects.toMatchObject({ status: 401 });
    await expect(TestSocket.connect(server, 'ruche_session=forged')).rejects.toMatchObject({
      status: 401,
    });
  });

  it('refuses a foreign Origin with 403, even with a valid session', async () => {
    const alice = await buildUser(server);
    await expect(
      TestSocket.connect(server, alice.client.cookieHeader, 'https://evil.example'),
    ).rejects.toMatchObject({ status: 403 });
  });

  it('accepts the own origin, answers ping and a truthful auth frame', async () => {
    const alice = await buildUser(server);
    const socket = await open(alice);
    socket.send({ type: 'auth', userId: alice.user.id });
    await socket.next(isEvent('auth_ok', { userId: alice.user.id }));
    await socket.sync();
  });

  it('refuses an auth frame naming another user: error, then close (policy violation)', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const socket = await open(alice);
    socket.send({ type: 'auth', userId: bob.user.id });
    await socket.next(isEvent('error'));
    expect((await socket.closed).code).toBe(CLOSE_POLICY_VIOLATION);
  });

  it('answers an invalid frame with an error and stays open', async () => {
    const socket = await open(await buildUser(server));
    socket.ws.send('{"type":"nonsense"}');
    await socket.next(isEvent('error'));
    await socket.sync();
  });
});

describe('channel delivery', () => {
  it("a non-member's join_channel gets an error and nothing of the channel", async () => {
    const [alice, eve] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await createChannel(alice);
    const spy = await open(eve);
    spy.send({ type: 'join_channel', channelId: channel.id });
    await spy.next(isEvent('error'));
    spy.send({ type: 'typing', channelId: channel.id, isTyping: true });
    await spy.next(isEvent('error'));
    await sendMessage(alice, channel.id, 'secret');
    await spy.sync();
    expect(spy.ofChannel(channel.id)).toEqual([]);
  });

  it("a member's join_channel is acknowledged", async () => {
    const alice = await buildUser(server);
    const channel = await createChannel(alice);
    const socket = await open(alice);
    socket.send({ type: 'join_channel', channelId: channel.id });
    await socket.next(isEvent('joined', { channelId: channel.id }));
  });

  it('every event type reaches exactly the sockets of the current members', async () => {
    const [alice, bob, carol, dave] = await Promise.all([
      buildUser(server),
      buildUser(server),
      buildUser(server),
      buildUser(server),
    ]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const [a, b, c, d] = await Promise.all([open(alice), open(bob), open(carol), open(dave)]);
    const members = [a, b];
    const inChannel = (type: ServerEvent['type']) =>
      isEvent(type, { channelId: channel.id } as never);
    const everyMember = (type: ServerEvent['type'], sockets = members) =>
      Promise.all(sockets.map((s) => s.next(inChannel(type))));

    const message = await sendMessage(alice, channel.id, 'bonjour');
    await everyMember('new_message');
    await alice.client.patch(`/api/messages/${message.id}`, { content: 'bonjour !' });
    await everyMember('message_updated');
    // Reactions and typing reach the members who have the channel open (docs/realtime.md).
    await b.view(channel.id);
    await alice.client.post(`/api/messages/${message.id}/reactions`, { emoji: '👍' });
    await b.next(inChannel('reaction_updated'));
    await alice.client.delete(`/api/messages/${message.id}`);
    await everyMember('message_deleted');

    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    const typing = await b.next<Extract<ServerEvent, { type: 'typing_update' }>>(
      inChannel('typing_update'),
    );
    expect(typing).toMatchObject({ isTyping: true, user: { userId: alice.user.id } });

    await joinChannel(dave, channel.id);
    await everyMember('member_added', [a, b, d]);
    const removed = await alice.client.delete(
      `/api/channels/${channel.id}/members/${dave.user.id}`,
    );
    expect(removed.status).toBe(204);
    await everyMember('member_removed', [a, b, d]);
    await sendMessage(bob, channel.id, 'après le départ de Dave');
    await everyMember('new_message');

    await alice.client.delete(`/api/channels/${channel.id}`);
    await everyMember('channel_deleted');

    await Promise.all([a, b, c, d].map((s) => s.sync()));
    // The typing user does not hear their own typing, nor Alice, who does not view the
    // channel, her reaction; a non-member hears nothing.
    expect(a.ofChannel(channel.id).map((e) => e.type)).not.toContain('typing_update');
    expect(a.ofChannel(channel.id).map((e) => e.type)).not.toContain('reaction_updated');
    expect(c.ofChannel(channel.id)).toEqual([]);
    // Dave: only what happened while he was a member, then the news of his removal.
    expect(d.ofChannel(channel.id).map((e) => e.type)).toEqual(['member_added', 'member_removed']);
  });

  it("a removed member's open socket receives nothing more from the channel", async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const b = await open(bob);
    b.send({ type: 'join_channel', channelId: channel.id });
    await b.next(isEvent('joined'));
    await sendMessage(alice, channel.id, 'avant');
    await b.next(isEvent('new_message', { channelId: channel.id }));
    await alice.client.delete(`/api/channels/${channel.id}/members/${bob.user.id}`);
    await b.next(isEvent('member_removed', { channelId: channel.id }));
    const seen = b.ofChannel(channel.id).length;
    await sendMessage(alice, channel.id, 'après');
    await b.sync();
    expect(b.ofChannel(channel.id).length).toBe(seen);
  });

  it('a socket that was offline while 100 messages were sent gets exactly those, in order', async () => {
    const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const first = await open(bob);
    const before = await sendMessage(alice, channel.id, 'message 0');
    const seen = await first.next<Extract<ServerEvent, { type: 'new_message' }>>(
      isEvent('new_message', { channelId: channel.id }),
    );
    expect(seen.seq).toBe(before.seq);
    await first.close();

    const sent: Message[] = [];
    for (let i = 1; i <= 100; i++) sent.push(await sendMessage(alice, channel.id, `message ${i}`));

    const again = await open(bob);
    const live = sendMessage(alice, channel.id, 'message 101');
    const page = await bob.client.get<MessagePage>(
      `/api/channels/${channel.id}/messages?after=${seen.seq}`,
    );
    expect(page.status).toBe(200);
    const caughtUp = page.body.messages.slice(0, 100);
    expect(caughtUp.map((m) => m.id)).toEqual(sent.map((m) => m.id));
    expect(caughtUp.map((m) => m.seq)).toEqual(sent.map((_, i) => seen.seq + i + 1));
    // Whatever is sent after the reconnection arrives live.
    const last = await live;
    await again.next(isEvent('new_message', { channelId: channel.id, seq: last.seq } as never));
  });
});

describe('presence', () => {
  it('shows a user online on their first socket and offline when the last one closes', async () => {
    const { alice, bob, channel, a, forBob } = await aliceWatchingBob(server, open);

    const b1 = await open(bob);
    await a.next(forBob('online'));
    const b2 = await open(bob);
    b2.send({ type: 'presence', status: 'away' });
    await a.next(forBob('away'));
    await b1.next(forBob('away'));
    b2.send({ type: 'presence', status: 'online' });
    await a.next(forBob('online'));
    await b1.close();
    await b2.sync();
    await a.sync();
    expect(a.events.filter(forBob('offline'))).toEqual([]);
    await b2.close();
    await a.next(forBob('offline'));
    // REST reads the same status (users.status).
    const members = await alice.client.get<ChannelMember[]>(`/api/channels/${channel.id}/members`);
    expect(members.body.find((m) => m.userId === bob.user.id)?.user.status).toBe('offline');
  });

  it('lets a socket watch the members of the channel it views and of its other channels only', async () => {
    const [alice, bob, carol, dave, erin] = await Promise.all([
      buildUser(server),
      buildUser(server),
      buildUser(server),
      buildUser(server),
      buildUser(server),
    ]);
    const here = await createChannel(alice);
    const there = await createChannel(alice);
    const theirs = await createChannel(erin);
    await joinChannel(bob, here.id);
    await joinChannel(carol, there.id);
    await joinChannel(alice, theirs.id);
    const a = await open(alice);
    await a.view(here.id);
    expect(await a.watch([bob.user.id, carol.user.id, dave.user.id])).toEqual({
      [bob.user.id]: 'offline',
      [carol.user.id]: 'offline',
    });
    // Viewing a channel she has since left shows her none of its members.
    await a.view(theirs.id);
    expect((await alice.client.post(`/api/channels/${theirs.id}/leave`)).status).toBe(204);
    await a.sync();
    expect(await a.watch([bob.user.id, carol.user.id, erin.user.id])).toEqual({
      [bob.user.id]: 'offline',
      [carol.user.id]: 'offline',
    });
  });

  it('does not tell users who share no channel, even if they ask', async () => {
    const [alice, stranger] = await Promise.all([buildUser(server), buildUser(server)]);
    const a = await open(alice);
    // Even when asked: presence only of those one shares a channel with (or friends).
    expect(await a.watch([stranger.user.id])).toEqual({});
    const s = await open(stranger);
    await s.close();
    await a.sync();
    expect(
      a.events.filter((e) => e.type === 'presence_update' && e.userId === stranger.user.id),
    ).toEqual([]);
  });
});

describe('sign-out', () => {
  it("closes the session's sockets with 4401, and only that session's", async () => {
    const bob = await buildUser(server);
    const otherSession = new TestClient(server.url);
    const login = await otherSession.post('/api/auth/login', {
      email: bob.user.email,
      password: bob.password,
    });
    expect(login.status).toBeLessThan(300);
    const mine = await open(bob);
    const other = await open({ client: otherSession });
    const res = await bob.client.post('/api/logout');
    expect(res.status).toBe(204);
    expect((await mine.closed).code).toBe(CLOSE_SESSION_ENDED);
    await other.sync();
  });
});
