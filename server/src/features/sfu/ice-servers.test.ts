/**
 * Voice and video rooms build their peer connections (to Janus or in the mesh) with the ICE
 * servers the server gives in its answer to sfu_join: the configured list, and TURN
 * credentials made out to the socket's holder — a user, or a room's guest (docs/calls.md).
 * No Janus here: the answer is sfu_unavailable, which carries them too.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerEvent } from '#shared/protocol';
import { ROOM_TOKEN_HEADER, type RoomJoinResult, type VideoRoom } from '#shared/video-rooms';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { socketOpener, TestSocket } from '../../../test/test-socket';

const SECRET = 'turn-secret-for-the-tests-0123456789';
const STUN = { urls: 'stun:stun.ruche.test:3478' };

let server: TestServer;
let alice: Actor;
let bob: Actor;
const open = socketOpener(() => server);
const guests: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({
    env: {
      ICE_SERVERS: JSON.stringify([STUN]),
      TURN_SECRET: SECRET,
      TURN_URLS: 'turn:turn.ruche.test:3478',
      TURN_TTL_SECONDS: '600',
    },
  });
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
});
afterAll(async () => {
  for (const socket of guests) socket.ws.terminate();
  await server?.close();
});

const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
  socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

/** The TURN entry's holder, after checking its credential is coturn's HMAC of the username. */
function turnHolder(
  iceServers: { urls: string | string[]; username?: string; credential?: string }[],
) {
  expect(iceServers[0]).toEqual(STUN);
  const turn = iceServers[1];
  expect(turn?.urls).toEqual(['turn:turn.ruche.test:3478']);
  const username = turn?.username ?? '';
  expect(turn?.credential).toBe(createHmac('sha1', SECRET).update(username).digest('base64'));
  const at = username.indexOf(':');
  expect(Number(username.slice(0, at))).toBeGreaterThan(Date.now() / 1000 + 500);
  return username.slice(at + 1);
}

describe('ICE servers with the answer to sfu_join', () => {
  it('gives a voice chat’s member the configured servers and TURN credentials in their name', async () => {
    const channel = await buildChannel(alice, { type: 'channel' });
    await addMember(channel, alice, bob);
    expect((await bob.client.post(`/api/voice-channels/${channel.id}/join`)).status).toBe(200);
    const socket = await open(bob);
    socket.send({ type: 'sfu_join', space: `voice:${channel.id}` });
    const answer = await next(socket, 'sfu_unavailable');
    expect(turnHolder(answer.iceServers)).toBe(bob.user.id);
  });

  it('gives a room’s guest credentials in the guest’s name, never a user’s', async () => {
    const room = (await alice.client.post<VideoRoom>('/api/video-rooms', { name: 'Point' })).body;
    const anonymous = new TestClient(server.url);
    const guest = (
      await anonymous.post<RoomJoinResult>(`/api/video-rooms/${room.id}/join`, {
        guestName: 'Zoé',
      })
    ).body;
    const socket = await TestSocket.openWithHeaders(server, { [ROOM_TOKEN_HEADER]: guest.token! });
    guests.push(socket);
    socket.send({ type: 'room_join', participantId: guest.participant.id });
    await next(socket, 'room_joined');
    socket.send({ type: 'sfu_join', space: `room:${guest.participant.id}` });
    const answer = await next(socket, 'sfu_unavailable');
    const holder = turnHolder(answer.iceServers);
    expect(holder).toContain(guest.participant.id);
    expect(holder).not.toBe(alice.user.id);
  });
});
