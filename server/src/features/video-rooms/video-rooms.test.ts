import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { ServerEvent } from '#shared/protocol';
import {
  ROOM_CODE_ALPHABET,
  ROOM_TOKEN_HEADER,
  type RoomJoinResult,
  type RoomParticipant,
  type RoomPreview,
  type VideoRoom,
} from '#shared/video-rooms';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { createChannel, socketOpener, TestSocket } from '../../../test/test-socket';
import { videoCallRooms } from './schema';

let server: TestServer;
let alice: Actor;
let bob: Actor;
let anonymous: TestClient;
const open = socketOpener(() => server);
const guestSockets: TestSocket[] = [];

beforeAll(async () => {
  // Every anonymous client here shares one address: the limit has its own test below.
  server = await startTestServer({ env: { ROOM_RATE_LIMIT: '10000' } });
  alice = await buildUser(server, { displayName: 'Alice' });
  bob = await buildUser(server, { displayName: 'Bob' });
  anonymous = new TestClient(server.url);
});
afterAll(async () => {
  for (const socket of guestSockets) socket.ws.terminate();
  await server?.close();
});

type Body<T> = T & ApiErrorBody;
const createRoom = (who: Actor, body: Record<string, unknown> = {}) =>
  who.client.post<Body<VideoRoom>>('/api/video-rooms', { name: 'Point hebdo', ...body });
const lookUp = (code: string) => anonymous.get<Body<RoomPreview>>(`/api/video-rooms/code/${code}`);
const joinAsGuest = (roomId: string, guestName: string | null = 'Invité') =>
  anonymous.post<Body<RoomJoinResult>>(`/api/video-rooms/${roomId}/join`, { guestName });
const joinAsUser = (who: Actor, roomId: string) =>
  who.client.post<Body<RoomJoinResult>>(`/api/video-rooms/${roomId}/join`, { guestName: null });
const asGuest = (token: string) => ({ [ROOM_TOKEN_HEADER]: token });
const participantsOf = (roomId: string, headers?: Record<string, string>, who = anonymous) =>
  who.get<Body<RoomParticipant[]>>(`/api/video-rooms/${roomId}/participants`, headers);

async function openGuest(token: string): Promise<TestSocket> {
  const socket = await TestSocket.openWithHeaders(server, asGuest(token));
  guestSockets.push(socket);
  return socket;
}

const setExpiry = (roomId: string, expiresAt: Date) =>
  server.database.db.update(videoCallRooms).set({ expiresAt }).where(eq(videoCallRooms.id, roomId));

const next = <T extends ServerEvent['type']>(socket: TestSocket, type: T) =>
  socket.next<Extract<ServerEvent, { type: T }>>((e) => e.type === type);

describe('creating and managing rooms', () => {
  it('creates a room with the docs/product.md §9 defaults and an unguessable code', async () => {
    const res = await createRoom(alice);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Point hebdo',
      isActive: true,
      allowGuests: true,
      maxParticipants: 10,
      participantCount: 0,
    });
    expect(res.body.roomCode).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{12}$`));
    const hours = (Date.parse(res.body.expiresAt!) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const codes = new Set(
      await Promise.all(
        Array.from({ length: 5 }, async () => (await createRoom(alice)).body.roomCode),
      ),
    );
    expect(codes.size).toBe(5);
  });

  it('accepts 2 to 50 participants and refuses the rest with a French message', async () => {
    expect((await createRoom(alice, { maxParticipants: 2 })).status).toBe(201);
    expect((await createRoom(alice, { maxParticipants: 50 })).status).toBe(201);
    const refused = [
      [{ maxParticipants: 1 }, 'Au moins 2 participants'],
      [{ maxParticipants: 51 }, 'Au plus 50 participants'],
      [{ maxParticipants: 2.5 }, 'Le nombre de participants doit être un entier'],
      [{ name: '   ' }, 'Le nom de la salle est requis'],
      [{ name: 'x'.repeat(201) }, 'Au plus 200 caractères'],
      [{ expiresAt: '2001-01-01T00:00:00Z' }, 'La date d’expiration est déjà passée'],
      [{ allowGuests: 'oui' }, 'allowGuests doit être un booléen'],
    ] as const;
    for (const [body, message] of refused) {
      const res = await createRoom(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const never = await createRoom(alice, { expiresAt: null, allowGuests: false });
    expect(never.body).toMatchObject({ expiresAt: null, allowGuests: false });
  });

  it('lists only my rooms; toggles and deletes mine only; needs a session', async () => {
    const mine = (await createRoom(alice, { name: 'À moi' })).body;
    const list = await alice.client.get<VideoRoom[]>('/api/video-rooms');
    expect(list.body.map((r) => r.id)).toContain(mine.id);
    expect(
      (await bob.client.get<VideoRoom[]>('/api/video-rooms')).body.map((r) => r.id),
    ).not.toContain(mine.id);
    expect((await anonymous.get('/api/video-rooms')).status).toBe(401);
    expect((await anonymous.post('/api/video-rooms', { name: 'x' })).status).toBe(401);

    expect(
      (await bob.client.patch(`/api/video-rooms/${mine.id}`, { isActive: false })).status,
    ).toBe(404);
    expect((await bob.client.delete(`/api/video-rooms/${mine.id}`)).status).toBe(404);
    const off = await alice.client.patch<VideoRoom>(`/api/video-rooms/${mine.id}`, {
      isActive: false,
    });
    expect(off.body.isActive).toBe(false);
    expect(
      (await alice.client.patch(`/api/video-rooms/${mine.id}`, { isActive: 'non' })).status,
    ).toBe(400);
    expect((await alice.client.delete(`/api/video-rooms/${mine.id}`)).status).toBe(204);
    expect((await lookUp(mine.roomCode)).status).toBe(404);
  });
});

describe('looking a room up by its code', () => {
  it('tells not found, inactive (before expired), expired and joinable apart', async () => {
    expect((await lookUp('ABCDEFGHJKMN')).status).toBe(404);
    expect((await lookUp('ABCDEFGHJKMN')).body.message).toBe('Salle introuvable');

    const room = (await createRoom(alice, { description: 'Ordre du jour' })).body;
    const joinable = await lookUp(room.roomCode.toLowerCase());
    expect(joinable.status).toBe(200);
    expect(joinable.body).toMatchObject({
      id: room.id,
      name: 'Point hebdo',
      description: 'Ordre du jour',
      state: 'joinable',
      allowGuests: true,
      maxParticipants: 10,
    });
    expect(joinable.body).not.toHaveProperty('roomCode');

    await setExpiry(room.id, new Date(Date.now() - 1000));
    expect((await lookUp(room.roomCode)).body.state).toBe('expired');
    await alice.client.patch(`/api/video-rooms/${room.id}`, { isActive: false });
    expect((await lookUp(room.roomCode)).body.state).toBe('inactive');
  });

  it('is rate limited per address', async () => {
    const limited = await startTestServer();
    try {
      const client = new TestClient(limited.url);
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        statuses.push((await client.get(`/api/video-rooms/code/ABCDEFGHJK${i}`)).status);
      }
      expect(statuses.slice(0, 30).every((s) => s === 404)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('joining a room', () => {
  it('seats a guest with a name and gives a token; a user without one', async () => {
    const room = (await createRoom(alice)).body;
    const guest = await joinAsGuest(room.id, '  Zoé  ');
    expect(guest.status).toBe(200);
    expect(guest.body.token).toEqual(expect.any(String));
    expect(guest.body.participant).toMatchObject({ isGuest: true, name: 'Zoé', userId: null });
    const user = await joinAsUser(bob, room.id);
    expect(user.body.token).toBeNull();
    expect(user.body.participant).toMatchObject({
      isGuest: false,
      name: 'Bob',
      userId: bob.user.id,
    });
    expect(user.body.isCreator).toBe(false);
    // A reload keeps the same seat.
    expect((await joinAsUser(bob, room.id)).body.participant.id).toBe(user.body.participant.id);
    const seen = await participantsOf(room.id, asGuest(guest.body.token!));
    expect(seen.body.map((p) => p.name).sort()).toEqual(['Bob', 'Zoé']);
    expect(
      (await alice.client.get<VideoRoom[]>('/api/video-rooms')).body.find((r) => r.id === room.id),
    ).toMatchObject({ participantCount: 2 });
  });

  it('requires a guest name, and refuses guests where they are not allowed', async () => {
    const room = (await createRoom(alice)).body;
    const nameless = await joinAsGuest(room.id, '   ');
    expect(nameless.status).toBe(400);
    expect(nameless.body.message).toBe('Le nom est requis');
    expect((await joinAsGuest(room.id, 'x'.repeat(101))).status).toBe(400);

    const closed = (await createRoom(alice, { allowGuests: false })).body;
    const refused = await joinAsGuest(closed.id, 'Zoé');
    expect(refused.status).toBe(401);
    expect(refused.body.message).toBe('Cette salle exige une authentification');
    expect((await joinAsUser(bob, closed.id)).status).toBe(200);
  });

  it('refuses unknown, inactive and expired rooms', async () => {
    expect((await joinAsGuest('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await joinAsGuest('pas-un-id')).status).toBe(404);
    const room = (await createRoom(alice)).body;
    await setExpiry(room.id, new Date(Date.now() - 1000));
    const expired = await joinAsGuest(room.id);
    expect([expired.status, expired.body.message]).toEqual([409, 'Salle expirée']);
    await alice.client.patch(`/api/video-rooms/${room.id}`, { isActive: false });
    const inactive = await joinAsUser(bob, room.id);
    expect([inactive.status, inactive.body.message]).toEqual([409, 'Salle inactive']);
  });

  // Without Janus here: a room seats at most 4 (the mesh, docs/calls.md); 3 is the room's own
  // maximum below that. media-limits.test.ts: the mesh's limit, and 7 of 20 through Janus.
  it('seats exactly maxParticipants of 20 concurrent joins', async () => {
    const room = (await createRoom(alice, { maxParticipants: 3 })).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => joinAsGuest(room.id, `Invité ${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 409)).toHaveLength(17);
    expect(results.find((r) => r.status === 409)?.body.message).toBe('La salle est complète');
    const seen = await participantsOf(room.id, undefined, alice.client);
    expect(seen.body).toHaveLength(3);

    // Leaving records leftAt and gives the seat back.
    const seated = results.find((r) => r.status === 200)!.body;
    const left = await anonymous.post(
      `/api/video-rooms/${room.id}/leave`,
      {},
      asGuest(seated.token!),
    );
    expect(left.status).toBe(204);
    const [row] = await server.database.sql`
      select left_at from video_call_participants where id = ${seated.participant.id}`;
    expect(row?.left_at).not.toBeNull();
    expect((await joinAsGuest(room.id, 'Retardataire')).status).toBe(200);
    expect((await joinAsGuest(room.id, 'De trop')).status).toBe(409);
  });
});

describe("a guest's token", () => {
  it('opens its room and nothing else over HTTP', async () => {
    const room = (await createRoom(alice)).body;
    const other = (await createRoom(alice)).body;
    const { token } = (await joinAsGuest(room.id)).body;
    const headers = asGuest(token!);
    const bearer = { ...headers, authorization: `Bearer ${token}` };
    expect((await participantsOf(room.id, headers)).status).toBe(200);
    expect((await participantsOf(other.id, headers)).status).toBe(404);
    expect((await anonymous.post(`/api/video-rooms/${other.id}/leave`, {}, headers)).status).toBe(
      404,
    );
    const channel = await createChannel(alice);
    for (const [method, path] of [
      ['GET', '/api/auth/user'],
      ['GET', '/api/channels'],
      ['GET', `/api/channels/${channel.id}/messages`],
      ['POST', `/api/channels/${channel.id}/messages`],
      ['GET', '/api/users'],
      ['GET', '/api/video-rooms'],
      ['POST', '/api/video-rooms'],
      ['PATCH', `/api/video-rooms/${room.id}`],
      ['DELETE', `/api/video-rooms/${room.id}`],
      ['DELETE', `/api/video-rooms/${room.id}/participants/${room.id}`],
    ] as const) {
      const res = await anonymous.request(method, path, method === 'GET' ? undefined : {}, bearer);
      expect([401, 404], `${method} ${path}`).toContain(res.status);
      expect(res.status, `${method} ${path}`).not.toBe(200);
    }
  });

  it('opens its own seat on the socket, never a channel, another seat or another room', async () => {
    const room = (await createRoom(alice)).body;
    const other = (await createRoom(alice)).body;
    const guest = (await joinAsGuest(room.id, 'Zoé')).body;
    const elsewhere = (await joinAsGuest(other.id, 'Yann')).body;
    const host = (await joinAsUser(alice, room.id)).body;
    const channel = await createChannel(alice);

    const socket = await openGuest(guest.token!);
    for (const frame of [
      { type: 'join_channel', channelId: channel.id },
      { type: 'typing', channelId: channel.id, isTyping: true },
    ] as const) {
      socket.send(frame);
      expect(await next(socket, 'error')).toMatchObject({ message: 'Trame non autorisée' });
    }
    // Someone else's seat, in this room or another.
    for (const participantId of [host.participant.id, elsewhere.participant.id]) {
      socket.send({ type: 'room_join', participantId });
      expect(await next(socket, 'error')).toMatchObject({
        message: 'Participant introuvable',
      });
    }
    socket.send({ type: 'room_join', participantId: guest.participant.id });
    await next(socket, 'room_joined');
    socket.send({
      type: 'room_signal',
      toParticipantId: elsewhere.participant.id,
      description: { type: 'offer', sdp: 'v=0' },
    });
    expect(await next(socket, 'error')).toMatchObject({
      message: 'Participant introuvable',
    });
    const sent = await alice.client.post(`/api/channels/${channel.id}/messages`, {
      content: 'membres',
    });
    expect(sent.status).toBe(201);
    await socket.sync();
    expect(socket.events.filter((e) => e.type === 'new_message')).toEqual([]);

    await expect(TestSocket.openWithHeaders(server, asGuest('faux-jeton'))).rejects.toThrow();
  });
});

describe('in the room', () => {
  it('relays signals between seats of one room, and the creator removes a guest', async () => {
    const room = (await createRoom(alice)).body;
    const host = (await joinAsUser(alice, room.id)).body;
    const guest = (await joinAsGuest(room.id, 'Zoé')).body;
    const hostSocket = await open(alice);
    hostSocket.send({ type: 'room_join', participantId: host.participant.id });
    expect((await next(hostSocket, 'room_joined')).participants.map((p) => p.name)).toEqual([
      'Zoé',
    ]);
    // Bob may not take Alice's seat.
    const bobSocket = await open(bob);
    bobSocket.send({ type: 'room_join', participantId: host.participant.id });
    await next(bobSocket, 'error');

    const guestSocket = await openGuest(guest.token!);
    guestSocket.send({ type: 'room_join', participantId: guest.participant.id });
    const joined = await next(guestSocket, 'room_joined');
    expect(joined.participants.map((p) => p.id)).toEqual([host.participant.id]);
    expect(await next(hostSocket, 'room_participant_joined')).toMatchObject({
      participant: { id: guest.participant.id, name: 'Zoé', isGuest: true },
    });

    guestSocket.send({
      type: 'room_signal',
      toParticipantId: host.participant.id,
      description: { type: 'offer', sdp: 'v=0 offre' },
    });
    expect(await next(hostSocket, 'room_signal')).toMatchObject({
      fromParticipantId: guest.participant.id,
      description: { type: 'offer', sdp: 'v=0 offre' },
    });
    hostSocket.send({
      type: 'room_signal',
      toParticipantId: guest.participant.id,
      candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMLineIndex: 0 },
    });
    expect(await next(guestSocket, 'room_signal')).toMatchObject({
      fromParticipantId: host.participant.id,
    });
    // The layer of the host's video the guest shows: the host hears it, nothing else.
    guestSocket.send({ type: 'room_signal', toParticipantId: host.participant.id, layer: 2 });
    const wish = await next(hostSocket, 'room_signal');
    expect(wish).toEqual({
      type: 'room_signal',
      roomId: room.id,
      fromParticipantId: guest.participant.id,
      layer: 2,
    });
    guestSocket.send({ type: 'room_signal', toParticipantId: host.participant.id, layer: 3 });
    await next(guestSocket, 'error');

    // Only the creator removes.
    const path = `/api/video-rooms/${room.id}/participants/${guest.participant.id}`;
    expect((await bob.client.delete(path)).status).toBe(404);
    expect((await alice.client.delete(path)).status).toBe(204);
    expect(await next(guestSocket, 'room_participant_left')).toMatchObject({
      participantId: guest.participant.id,
      removed: true,
    });
    expect(await next(hostSocket, 'room_participant_left')).toMatchObject({
      participantId: guest.participant.id,
      removed: true,
    });
    // The token is spent: its socket is closed, and it opens no call or socket any more.
    expect((await guestSocket.closed).code).toBe(4401);
    expect((await participantsOf(room.id, asGuest(guest.token!))).status).toBe(404);
    await expect(TestSocket.openWithHeaders(server, asGuest(guest.token!))).rejects.toThrow();
    expect((await alice.client.delete(path)).status).toBe(404);
  });

  it('closes every seat when the room is switched off', async () => {
    const room = (await createRoom(alice)).body;
    const guest = (await joinAsGuest(room.id, 'Zoé')).body;
    const socket = await openGuest(guest.token!);
    socket.send({ type: 'room_join', participantId: guest.participant.id });
    await next(socket, 'room_joined');
    await alice.client.patch(`/api/video-rooms/${room.id}`, { isActive: false });
    expect(await next(socket, 'room_closed')).toMatchObject({ roomId: room.id });
    expect((await socket.closed).code).toBe(4401);
    expect((await participantsOf(room.id, asGuest(guest.token!))).status).toBe(404);
  });
});

describe('the lobby', () => {
  it('keeps guests waiting until the creator admits them; users go straight in', async () => {
    const room = (await createRoom(alice, { lobbyEnabled: true, maxParticipants: 2 })).body;
    expect(room.lobbyEnabled).toBe(true);
    const aliceSocket = await open(alice);
    const guest = (await joinAsGuest(room.id, 'Zoé')).body;
    expect(guest.participant.waiting).toBe(true);
    expect(guest.room.participantCount).toBe(0);
    expect(await next(aliceSocket, 'room_lobby_changed')).toEqual({
      type: 'room_lobby_changed',
      roomId: room.id,
    });

    // Waiting is not being in: no list, no seat on the socket, no signal, no media space.
    const socket = await openGuest(guest.token!);
    expect((await participantsOf(room.id, asGuest(guest.token!))).status).toBe(404);
    socket.send({ type: 'room_join', participantId: guest.participant.id });
    expect(await next(socket, 'error')).toMatchObject({ message: 'Participant introuvable' });
    socket.send({ type: 'sfu_join', space: `room:${guest.participant.id}` });
    await next(socket, 'error');
    // The lobby is the creator's to see.
    expect((await bob.client.get(`/api/video-rooms/${room.id}/lobby`)).status).toBe(404);
    expect((await anonymous.get(`/api/video-rooms/${room.id}/lobby`)).status).toBe(401);
    const lobby = await alice.client.get<RoomParticipant[]>(`/api/video-rooms/${room.id}/lobby`);
    expect(lobby.body.map((p) => [p.name, p.waiting])).toEqual([['Zoé', true]]);

    // A signed-in user does not wait.
    const host = (await joinAsUser(alice, room.id)).body;
    expect(host.participant.waiting).toBe(false);

    const admit = (participantId: string, who = alice) =>
      who.client.post<Body<RoomParticipant>>(
        `/api/video-rooms/${room.id}/participants/${participantId}/admit`,
      );
    expect((await admit(guest.participant.id, bob)).status).toBe(404);
    const admitted = await admit(guest.participant.id);
    expect(admitted.status).toBe(200);
    expect(admitted.body.waiting).toBe(false);
    expect(await next(socket, 'room_admitted')).toEqual({
      type: 'room_admitted',
      roomId: room.id,
      participantId: guest.participant.id,
    });
    socket.send({ type: 'room_join', participantId: guest.participant.id });
    expect((await next(socket, 'room_joined')).participants.map((p) => p.name)).toEqual(['Alice']);
    expect(
      (await alice.client.get<RoomParticipant[]>(`/api/video-rooms/${room.id}/lobby`)).body,
    ).toEqual([]);
    // Once in, not again.
    expect((await admit(guest.participant.id)).status).toBe(404);

    // The room is full (2): the next guest may wait, but not be admitted.
    const late = (await joinAsGuest(room.id, 'Yann')).body;
    expect(late.participant.waiting).toBe(true);
    const full = await admit(late.participant.id);
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('La salle est complète');
  });

  it('a refused guest hears it and its token is spent; turning the lobby off lets the others in', async () => {
    const room = (await createRoom(alice, { lobbyEnabled: true })).body;
    const [refused, first, second] = [
      (await joinAsGuest(room.id, 'Refusé')).body,
      (await joinAsGuest(room.id, 'Premier')).body,
      (await joinAsGuest(room.id, 'Second')).body,
    ];
    const [refusedSocket, firstSocket] = [
      await openGuest(refused.token!),
      await openGuest(first.token!),
    ];
    // Refusing is removing from the lobby.
    const path = `/api/video-rooms/${room.id}/participants/${refused.participant.id}`;
    expect((await alice.client.delete(path)).status).toBe(204);
    expect(await next(refusedSocket, 'room_participant_left')).toMatchObject({ removed: true });
    expect((await refusedSocket.closed).code).toBe(4401);

    // A page in the lobby keeps its place with its heartbeat, like a seat.
    firstSocket.send({ type: 'room_heartbeat' });
    await firstSocket.sync();

    const off = await alice.client.patch<VideoRoom>(`/api/video-rooms/${room.id}`, {
      lobbyEnabled: false,
    });
    expect(off.body).toMatchObject({ lobbyEnabled: false, participantCount: 2 });
    expect(await next(firstSocket, 'room_admitted')).toMatchObject({
      participantId: first.participant.id,
    });
    const lobby = await alice.client.get<RoomParticipant[]>(`/api/video-rooms/${room.id}/lobby`);
    expect(lobby.body).toEqual([]);
    // Both let in (the second without a socket open: its seat was alive).
    expect((await participantsOf(room.id, asGuest(second.token!))).body.map((p) => p.name)).toEqual(
      ['Premier', 'Second'],
    );
    // And a guest now goes straight in.
    expect((await joinAsGuest(room.id, 'Direct')).body.participant.waiting).toBe(false);
    expect((await alice.client.patch(`/api/video-rooms/${room.id}`, {})).status).toBe(400);
  });
});
