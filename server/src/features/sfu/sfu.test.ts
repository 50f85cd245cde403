import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { SFU_NOT_IN_SPACE } from '#shared/sfu';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import {
  janusParticipants as janusParticipantsOf,
  startTestJanus,
  until,
} from '../../../test/janus';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener, type TestSocket } from '../../../test/test-socket';
import { videoMidOf } from './sfu';

let janus: Awaited<ReturnType<typeof startTestJanus>>;
let server: TestServer;
let alice: Actor;
let bob: Actor;
let carol: Actor;
const open = socketOpener(() => server);

const janusParticipants = (group: string) => janusParticipantsOf(janus.url, group);

beforeAll(async () => {
  janus = await startTestJanus();
  server = await startTestServer({ env: { JANUS_URL: janus.url } });
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
  carol = await buildUser(server, { displayName: 'Carol' });
}, 60_000);
afterAll(async () => {
  await server?.close();
  await janus?.stop();
});

const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
  socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

describe('voice channels through Janus', () => {
  it('joins a Janus publisher for each person in the voice channel, and drops strangers', async () => {
    const channel = await buildChannel(alice, { type: 'voice' });
    await addMember(channel, alice, bob);
    const space = `voice:${channel.id}`;
    const [a, b, c] = [await open(alice), await open(bob), await open(carol)];

    // Bob is a member but not in the voice yet; Carol is no member: both are refused.
    for (const socket of [b, c]) {
      socket.send({ type: 'sfu_join', space });
      expect(await next(socket, 'error')).toMatchObject({ message: SFU_NOT_IN_SPACE });
    }
    expect(await janusParticipants(space)).toEqual([]);

    await alice.client.post(`/api/voice-channels/${channel.id}/join`);
    a.send({ type: 'sfu_join', space });
    const aliceIn = await next(a, 'sfu_joined');
    expect(aliceIn.publishers).toEqual([]);
    expect(await janusParticipants(space)).toEqual([alice.user.id]);

    await bob.client.post(`/api/voice-channels/${channel.id}/join`);
    b.send({ type: 'sfu_join', space });
    expect((await next(b, 'sfu_joined')).feed).toBeGreaterThan(0);
    expect(await janusParticipants(space)).toEqual([alice.user.id, bob.user.id].sort());

    // Carol's frames for that space reach neither Janus nor anyone: an error, nothing else.
    c.send({ type: 'sfu_subscribe', space, feed: aliceIn.feed });
    expect(await next(c, 'error')).toMatchObject({ message: SFU_NOT_IN_SPACE });
    c.send({ type: 'sfu_layer', space, feed: aliceIn.feed, layer: 0 });
    expect(await next(c, 'error')).toMatchObject({ message: SFU_NOT_IN_SPACE });
    c.send({
      type: 'sfu_description',
      space,
      feed: null,
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(await next(c, 'error')).toMatchObject({ message: SFU_NOT_IN_SPACE });

    // Leaving the voice on the server: Bob's media leaves Janus at once, with no frame from
    // his page (which could hold on to it), and the SFU no longer serves him in that space.
    await bob.client.post(`/api/voice-channels/${channel.id}/leave`);
    await until(async () => (await janusParticipants(space)).length === 1);
    expect(await janusParticipants(space)).toEqual([alice.user.id]);
    b.send({ type: 'sfu_subscribe', space, feed: aliceIn.feed });
    expect(await next(b, 'error')).toMatchObject({ message: SFU_NOT_IN_SPACE });

    // A closed socket leaves Janus; the last one out destroys the room.
    await b.close();
    await until(async () => (await janusParticipants(space)).length === 1);
    a.send({ type: 'sfu_leave', space });
    await a.sync();
    await until(async () => (await janusParticipants(space)).length === 0);
  });

  it('a member removed from the channel leaves Janus at once, on every tab', async () => {
    const channel = await buildChannel(alice, { type: 'voice' });
    await addMember(channel, alice, bob);
    const space = `voice:${channel.id}`;
    const a = await open(alice);
    await alice.client.post(`/api/voice-channels/${channel.id}/join`);
    a.send({ type: 'sfu_join', space });
    await next(a, 'sfu_joined');
    await bob.client.post(`/api/voice-channels/${channel.id}/join`);
    const tabs = [await open(bob), await open(bob)];
    for (const tab of tabs) {
      tab.send({ type: 'sfu_join', space });
      await next(tab, 'sfu_joined');
    }
    expect(await janusParticipants(space)).toEqual(
      [alice.user.id, bob.user.id, bob.user.id].sort(),
    );

    const removed = await alice.client.delete(`/api/channels/${channel.id}/members/${bob.user.id}`);
    expect(removed.status).toBeLessThan(300);
    await until(async () => (await janusParticipants(space)).length === 1);
    expect(await janusParticipants(space)).toEqual([alice.user.id]);
  });

  it('tells the sockets when Janus restarts, and rooms are made again when they re-join', async () => {
    const channel = await buildChannel(alice, { type: 'voice' });
    const space = `voice:${channel.id}`;
    await alice.client.post(`/api/voice-channels/${channel.id}/join`);
    const a = await open(alice);
    a.send({ type: 'sfu_join', space });
    await next(a, 'sfu_joined');

    await janus.restart();
    expect(await next(a, 'sfu_reset')).toEqual({ type: 'sfu_reset', space });
    expect(await janusParticipants(space)).toEqual([]);

    // The server reconnects by itself; the client's re-join makes the room again.
    await until(async () => {
      a.send({ type: 'sfu_join', space });
      const answer = await a.next((e) => e.type === 'sfu_joined' || e.type === 'sfu_unavailable');
      return answer.type === 'sfu_joined';
    });
    expect(await janusParticipants(space)).toEqual([alice.user.id]);
  });
});

describe('video rooms through Janus', () => {
  it('a signed-in person removed by the room’s creator leaves Janus at once', async () => {
    const room = (await alice.client.post<{ id: string }>('/api/video-rooms', { name: 'Point' }))
      .body;
    const seats = [];
    for (const [actor, socket] of [
      [alice, await open(alice)],
      [bob, await open(bob)],
    ] as const) {
      const seat = await actor.client.post<{ participant: { id: string } }>(
        `/api/video-rooms/${room.id}/join`,
        {},
      );
      const participantId = seat.body.participant.id;
      socket.send({ type: 'room_join', participantId });
      await next(socket, 'room_joined');
      socket.send({ type: 'sfu_join', space: `room:${participantId}` });
      await next(socket, 'sfu_joined');
      seats.push(participantId);
    }
    const group = `room:${room.id}`;
    expect(await janusParticipants(group)).toEqual([...seats].sort());

    // Bob's socket stays open (his session goes on): only his seat's media is cut.
    const removed = await alice.client.delete(
      `/api/video-rooms/${room.id}/participants/${seats[1]}`,
    );
    expect(removed.status).toBe(204);
    await until(async () => (await janusParticipants(group)).length === 1);
    expect(await janusParticipants(group)).toEqual([seats[0]]);
  });
});

describe('a subscription’s video m-line', () => {
  it('is read from Janus’s offer, for sfu_layer to name it', () => {
    const offer = [
      'v=0',
      'o=- 1 1 IN IP4 127.0.0.1',
      's=VideoRoom 1',
      't=0 0',
      'm=audio 9 UDP/TLS/RTP/SAVPF 111',
      'a=mid:0',
      'm=video 9 UDP/TLS/RTP/SAVPF 96',
      'c=IN IP4 127.0.0.1',
      'a=mid:1',
      '',
    ].join('\r\n');
    expect(videoMidOf(offer)).toBe('1');
    expect(
      videoMidOf(
        offer.replace('m=video 9 UDP/TLS/RTP/SAVPF 96\r\nc=IN IP4 127.0.0.1\r\na=mid:1\r\n', ''),
      ),
    ).toBeUndefined();
  });
});
