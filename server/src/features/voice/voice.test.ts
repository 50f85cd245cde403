import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { ServerEvent } from '#shared/protocol';
import type { VoiceParticipant } from '#shared/voice';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener, type TestSocket } from '../../../test/test-socket';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let carol: Actor;
const open = socketOpener(() => server);

beforeAll(async () => {
  server = await startTestServer();
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
  carol = await buildUser(server, { displayName: 'Carol' });
});
afterAll(() => server?.close());

type Body<T> = T & ApiErrorBody;
const join = (who: Actor, id: string) =>
  who.client.post<Body<VoiceParticipant>>(`/api/voice-channels/${id}/join`);
const leave = (who: Actor, id: string) => who.client.post(`/api/voice-channels/${id}/leave`);
const participants = (who: Actor, id: string) =>
  who.client.get<Body<VoiceParticipant[]>>(`/api/voice-channels/${id}/participants`);
const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
  socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

/** The channel's voice-user-left (seats of earlier tests are swept meanwhile, elsewhere). */
const leftFrom = (socket: TestSocket, channelId: string) =>
  socket.next<Extract<ServerEvent, { type: 'voice-user-left' }>>(
    (e) => e.type === 'voice-user-left' && e.channelId === channelId,
  );

async function voiceChannelWithBob() {
  const channel = await buildChannel(alice, { type: 'voice' });
  await addMember(channel, alice, bob);
  return channel;
}

describe('voice channels', () => {
  it('lets members join, see who is in without joining, and leave', async () => {
    const channel = await voiceChannelWithBob();
    const watching = await open(bob);
    const joined = await join(alice, channel.id);
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ userId: alice.user.id, isMuted: false, isDeafened: false });
    expect(joined.body.user.displayName).toBe('Alice');
    expect((await join(alice, channel.id)).body.id).toBe(joined.body.id);
    expect(await next(watching, 'voice-user-joined')).toMatchObject({
      channelId: channel.id,
      participant: { id: joined.body.id, userId: alice.user.id },
    });

    const seen = await participants(bob, channel.id);
    expect(seen.body.map((p) => p.userId)).toEqual([alice.user.id]);

    expect((await leave(alice, channel.id)).status).toBe(204);
    expect(await leftFrom(watching, channel.id)).toMatchObject({ userId: alice.user.id });
    expect((await participants(bob, channel.id)).body).toEqual([]);
  });

  it('gives public channels and groups an ad-hoc voice chat of their own', async () => {
    for (const type of ['channel', 'group'] as const) {
      const channel = await buildChannel(alice, { type });
      await addMember(channel, alice, bob);
      const joined = await join(bob, channel.id);
      expect(joined.status).toBe(200);
      expect(joined.body).toMatchObject({ channelId: channel.id, userId: bob.user.id });
      expect((await participants(alice, channel.id)).body.map((p) => p.userId)).toEqual([
        bob.user.id,
      ]);
      expect((await leave(bob, channel.id)).status).toBe(204);
      expect((await participants(alice, channel.id)).body).toEqual([]);
    }
  });

  it('answers 404 to non-members and for direct conversations', async () => {
    const channel = await voiceChannelWithBob();
    for (const res of [
      await join(carol, channel.id),
      await participants(carol, channel.id),
      await leave(carol, channel.id),
    ]) {
      expect(res.status).toBe(404);
    }
    const direct = await alice.client.post<{ id: string }>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    expect(direct.status).toBe(201);
    for (const res of [
      await join(alice, direct.body.id),
      await participants(alice, direct.body.id),
    ]) {
      expect(res.status).toBe(404);
    }
    expect((await join(alice, 'pas-un-id')).status).toBe(404);
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: `/api/voice-channels/${channel.id}/participants`,
        })
      ).statusCode,
    ).toBe(401);
  });

  it('mutes and deafens one’s own participant only; deafening forces mute', async () => {
    const channel = await voiceChannelWithBob();
    const mine = (await join(alice, channel.id)).body;
    const path = `/api/voice-channel-participants/${mine.id}`;
    expect(
      (await alice.client.patch<VoiceParticipant>(path, { isMuted: true })).body,
    ).toMatchObject({
      isMuted: true,
      isDeafened: false,
    });
    await alice.client.patch(path, { isMuted: false });
    expect(
      (await alice.client.patch<VoiceParticipant>(path, { isDeafened: true })).body,
    ).toMatchObject({
      isMuted: true,
      isDeafened: true,
    });
    expect((await alice.client.patch(path, {})).status).toBe(400);
    expect((await alice.client.patch(path, { isMuted: 'oui' })).status).toBe(400);
    expect((await bob.client.patch(path, { isMuted: false })).status).toBe(404);
    expect((await participants(bob, channel.id)).body[0]).toMatchObject({
      isMuted: true,
      isDeafened: true,
    });
  });

  it('relays offers, answers and candidates only between users in the voice channel', async () => {
    const channel = await voiceChannelWithBob();
    const a = await open(alice);
    const b = await open(bob);
    await join(alice, channel.id);
    // Bob is a member but not in the voice channel yet: nothing goes to him.
    a.send({
      type: 'voice-offer',
      channelId: channel.id,
      toUserId: bob.user.id,
      offer: { type: 'offer', sdp: 'v=0' },
    });
    expect(await next(a, 'error')).toMatchObject({ message: 'Participant introuvable' });

    await join(bob, channel.id);
    a.send({
      type: 'voice-offer',
      channelId: channel.id,
      toUserId: bob.user.id,
      offer: { type: 'offer', sdp: 'v=0 a' },
    });
    expect(await next(b, 'voice-offer')).toMatchObject({
      channelId: channel.id,
      fromUserId: alice.user.id,
      offer: { type: 'offer', sdp: 'v=0 a' },
    });
    b.send({
      type: 'voice-answer',
      channelId: channel.id,
      toUserId: alice.user.id,
      answer: { type: 'answer', sdp: 'v=0 b' },
    });
    expect(await next(a, 'voice-answer')).toMatchObject({ fromUserId: bob.user.id });
    b.send({
      type: 'voice-ice-candidate',
      channelId: channel.id,
      toUserId: alice.user.id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMLineIndex: 0 },
    });
    expect(await next(a, 'voice-ice-candidate')).toMatchObject({ fromUserId: bob.user.id });
    // Carol, outside the channel, cannot reach them through it.
    const c = await open(carol);
    c.send({
      type: 'voice-offer',
      channelId: channel.id,
      toUserId: alice.user.id,
      offer: { type: 'offer', sdp: 'v=0' },
    });
    expect(await next(c, 'error')).toMatchObject({ message: 'Participant introuvable' });
  });

  it('tells the channel who speaks, from someone in the voice only', async () => {
    const channel = await voiceChannelWithBob();
    const a = await open(alice);
    const b = await open(bob);
    const c = await open(carol);
    // Not in the voice: refused, and nobody hears of it.
    a.send({ type: 'voice-speaking', channelId: channel.id, speaking: true });
    expect(await next(a, 'error')).toMatchObject({ message: 'Participant introuvable' });

    await join(alice, channel.id);
    a.send({ type: 'voice-speaking', channelId: channel.id, speaking: true });
    // Bob, a member outside the voice, sees it.
    expect(await next(b, 'voice-speaking')).toEqual({
      type: 'voice-speaking',
      channelId: channel.id,
      userId: alice.user.id,
      speaking: true,
    });
    a.send({ type: 'voice-speaking', channelId: channel.id, speaking: false });
    expect(await next(b, 'voice-speaking')).toMatchObject({ speaking: false });
    // Carol, not a member, hears nothing of this channel.
    await c.sync();
    expect(c.events.filter((e) => e.type === 'voice-speaking')).toEqual([]);
    // Nor can she speak in it.
    c.send({ type: 'voice-speaking', channelId: channel.id, speaking: true });
    expect(await next(c, 'error')).toMatchObject({ message: 'Participant introuvable' });
  });

  it('takes a member out of the voice channel when they leave the channel', async () => {
    const channel = await voiceChannelWithBob();
    const watching = await open(alice);
    await join(bob, channel.id);
    expect((await bob.client.post(`/api/channels/${channel.id}/leave`)).status).toBeLessThan(300);
    expect(await leftFrom(watching, channel.id)).toMatchObject({ userId: bob.user.id });
    expect((await participants(alice, channel.id)).body).toEqual([]);
  });

  it('takes out, within seconds, a participant whose page went silent', async () => {
    const channel = await voiceChannelWithBob();
    const watching = await open(alice);
    await join(bob, channel.id);
    await join(alice, channel.id);
    // Bob's page stopped polling 11 s ago (the store's clock, as the sweep reads it).
    await server.database.sql`
      update voice_channel_participants set last_seen_at = now() - interval '11 seconds'
      where channel_id = ${channel.id} and user_id = ${bob.user.id}`;
    const seen = await participants(alice, channel.id);
    expect(seen.body.map((p) => p.userId)).toEqual([alice.user.id]);
    expect(
      await watching.next((e) => e.type === 'voice-user-left' && e.channelId === channel.id),
    ).toMatchObject({ userId: bob.user.id });
  });

  it('keeps a seat joined over the socket as long as that socket, and frees it when it closes', async () => {
    const channel = await voiceChannelWithBob();
    const watching = await open(bob);
    const tab = await open(alice);
    tab.send({ type: 'voice-join', channelId: channel.id });
    const joined = await next(tab, 'voice-joined');
    expect(joined).toMatchObject({ channelId: channel.id, participant: { userId: alice.user.id } });
    expect(await next(watching, 'voice-user-joined')).toMatchObject({
      participant: { userId: alice.user.id },
    });
    // Alice's other page shows the channel and polls: it does not hold her seat.
    const other = await open(alice);
    expect((await participants(alice, channel.id)).body.map((p) => p.userId)).toEqual([
      alice.user.id,
    ]);
    await tab.close();
    expect(await leftFrom(watching, channel.id)).toMatchObject({ userId: alice.user.id });
    expect(await next(other, 'voice-session')).toEqual({
      type: 'voice-session',
      channelId: null,
      connectionId: null,
    });
    expect((await participants(alice, channel.id)).body).toEqual([]);
  });

  it('refuses a join over the socket to a non-member, with the channel’s 404', async () => {
    const channel = await voiceChannelWithBob();
    const c = await open(carol);
    c.send({ type: 'voice-join', channelId: channel.id });
    expect(await next(c, 'voice-join-refused')).toMatchObject({
      channelId: channel.id,
      status: 404,
    });
    expect((await participants(alice, channel.id)).body).toEqual([]);
  });

  it('gives a person one seat: joining another channel or from another tab moves it', async () => {
    const first = await voiceChannelWithBob();
    const second = await voiceChannelWithBob();
    const watching = await open(bob);
    const tab1 = await open(alice);
    const tab2 = await open(alice);
    tab1.send({ type: 'voice-join', channelId: first.id });
    const one = await next(tab1, 'voice-joined');
    tab1.send({ type: 'voice-join', channelId: second.id });
    await next(tab1, 'voice-joined');
    expect(await leftFrom(watching, first.id)).toMatchObject({ userId: alice.user.id });
    expect((await participants(bob, first.id)).body).toEqual([]);
    // The other tab takes the seat: the first tab hears it is no longer its own.
    tab2.send({ type: 'voice-join', channelId: second.id });
    const two = await next(tab2, 'voice-joined');
    expect(two.connectionId).not.toBe(one.connectionId);
    expect(
      await tab1.next((e) => e.type === 'voice-session' && e.connectionId === two.connectionId),
    ).toMatchObject({ channelId: second.id });
    // Closing the first tab leaves the seat the second holds.
    await tab1.close();
    await tab2.sync();
    expect((await participants(bob, second.id)).body.map((p) => p.userId)).toEqual([alice.user.id]);
    tab2.send({ type: 'voice-leave', channelId: second.id });
    await leftFrom(watching, second.id);
    expect((await participants(bob, second.id)).body).toEqual([]);
  });

  it('lists who is in voice in each of one’s channels, and tells members of mute changes', async () => {
    const channel = await voiceChannelWithBob();
    const outside = await buildChannel(carol, { type: 'voice' });
    await join(carol, outside.id);
    const mine = (await join(alice, channel.id)).body;
    const listed = await bob.client.get<VoiceParticipant[]>('/api/voice-participants');
    expect(listed.status).toBe(200);
    expect(listed.body.filter((p) => p.channelId === channel.id).map((p) => p.userId)).toEqual([
      alice.user.id,
    ]);
    expect(listed.body.some((p) => p.channelId === outside.id)).toBe(false);
    const watching = await open(bob);
    await alice.client.patch(`/api/voice-channel-participants/${mine.id}`, { isDeafened: true });
    expect(await next(watching, 'voice-user-updated')).toMatchObject({
      channelId: channel.id,
      participant: { userId: alice.user.id, isMuted: true, isDeafened: true },
    });
    await leave(alice, channel.id);
    await leave(carol, outside.id);
  });

  it('tells members who shares a screen; a join starts without one', async () => {
    const channel = await voiceChannelWithBob();
    const mine = (await join(alice, channel.id)).body;
    expect(mine.isSharingScreen).toBe(false);
    const path = `/api/voice-channel-participants/${mine.id}`;
    const watching = await open(bob);
    const shared = await alice.client.patch<VoiceParticipant>(path, { isSharingScreen: true });
    expect(shared.body).toMatchObject({ isSharingScreen: true, isMuted: false });
    expect(await next(watching, 'voice-user-updated')).toMatchObject({
      channelId: channel.id,
      participant: { userId: alice.user.id, isSharingScreen: true },
    });
    expect((await participants(bob, channel.id)).body[0]?.isSharingScreen).toBe(true);
    const refused = await alice.client.patch<{ message: string }>(path, { isSharingScreen: 1 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('isSharingScreen doit être un booléen');
    expect((await bob.client.patch(path, { isSharingScreen: true })).status).toBe(404);
    // The page that shared is gone (a reload takes the seat again): no screen until it says.
    expect((await join(alice, channel.id)).body.isSharingScreen).toBe(false);
    expect((await participants(bob, channel.id)).body[0]?.isSharingScreen).toBe(false);
    await leave(alice, channel.id);
  });
});
