/**
 * Honest limits (docs/calls.md, "Sans Janus"): without a media server, rooms and voice
 * channels are a mesh where each browser sends to every other, and the server seats at most
 * MESH_MAX_PARTICIPANTS — the next person gets a 409 saying a media server is needed. With
 * Janus (a real one here), a room seats up to its maximum (50 at most), voice as many.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import {
  MESH_MAX_PARTICIPANTS,
  type MediaMode,
  ROOM_NEEDS_MEDIA_SERVER,
  VOICE_NEEDS_MEDIA_SERVER,
} from '#shared/sfu';
import type { RoomJoinResult, RoomParticipant, RoomPreview, VideoRoom } from '#shared/video-rooms';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { TestClient } from '../../../test/client';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestJanus } from '../../../test/janus';
import { startTestServer, type TestServer } from '../../../test/server';

type Body<T> = T & ApiErrorBody;

function helpers(server: () => TestServer) {
  const anonymous = () => new TestClient(server().url);
  return {
    createRoom: (who: Actor, body: Record<string, unknown>) =>
      who.client.post<Body<VideoRoom>>('/api/video-rooms', { name: 'Point', ...body }),
    joinAsGuest: (roomId: string, guestName: string) =>
      anonymous().post<Body<RoomJoinResult>>(`/api/video-rooms/${roomId}/join`, { guestName }),
    joinAsUser: (who: Actor, roomId: string) =>
      who.client.post<Body<RoomJoinResult>>(`/api/video-rooms/${roomId}/join`, {
        guestName: null,
      }),
    preview: (code: string) => anonymous().get<Body<RoomPreview>>(`/api/video-rooms/code/${code}`),
    joinVoice: (who: Actor, channelId: string) =>
      who.client.post<Body<unknown>>(`/api/voice-channels/${channelId}/join`),
  };
}

/** A voice channel of `owner` with every one of `members` in it. */
async function voiceChannelOf(owner: Actor, members: Actor[]) {
  const channel = await buildChannel(owner, { type: 'voice' });
  for (const member of members) await addMember(channel, owner, member);
  return channel;
}

describe('without a media server (the mesh)', () => {
  let server: TestServer;
  let people: Actor[];
  const api = helpers(() => server);

  beforeAll(async () => {
    server = await startTestServer({ env: { ROOM_RATE_LIMIT: '10000' } });
    people = [];
    for (const name of ['Alice', 'Bob', 'Carol', 'David', 'Emma', 'Félix']) {
      people.push(await buildUser(server, { displayName: name }));
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('says so to signed-in users: GET /api/sfu', async () => {
    const res = await people[0]!.client.get<MediaMode>('/api/sfu');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ mode: 'mesh', participantLimit: MESH_MAX_PARTICIPANTS });
    expect((await new TestClient(server.url).get('/api/sfu')).status).toBe(401);
  });

  it('states the effective limit when a room is made, and on its join page', async () => {
    const made = await api.createRoom(people[0]!, { maxParticipants: 10 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ maxParticipants: 10, participantLimit: 4 });
    expect((await api.preview(made.body.roomCode)).body.participantLimit).toBe(4);
    const small = await api.createRoom(people[0]!, { maxParticipants: 3 });
    expect(small.body.participantLimit).toBe(3);
  });

  it('seats 4 of 20 concurrent joins; the others hear a media server is needed (409)', async () => {
    const room = (await api.createRoom(people[0]!, { maxParticipants: 10 })).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.joinAsGuest(room.id, `Invité ${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(MESH_MAX_PARTICIPANTS);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20 - MESH_MAX_PARTICIPANTS);
    for (const refused of results.filter((r) => r.status === 409)) {
      expect(refused.body.message).toBe(ROOM_NEEDS_MEDIA_SERVER);
    }
    expect(ROOM_NEEDS_MEDIA_SERVER).toContain('serveur multimédia');
    const preview = (await api.preview(room.roomCode)).body;
    expect(preview.participantCount).toBe(MESH_MAX_PARTICIPANTS);
    // The creator too, being the fifth, cannot take a seat.
    const fifth = await api.joinAsUser(people[0]!, room.id);
    expect([fifth.status, fifth.body.message]).toEqual([409, ROOM_NEEDS_MEDIA_SERVER]);
  });

  it('keeps a seated user’s seat on a reload, and lets the lobby admit no fifth', async () => {
    const [alice, bob, carol, david] = people as [Actor, Actor, Actor, Actor];
    const room = (await api.createRoom(alice, { maxParticipants: 10, lobbyEnabled: true })).body;
    for (const who of [alice, bob, carol, david]) {
      expect((await api.joinAsUser(who, room.id)).status).toBe(200);
    }
    // A reload of someone already seated finds the same seat.
    expect((await api.joinAsUser(bob, room.id)).status).toBe(200);
    const guest = (await api.joinAsGuest(room.id, 'Zoé')).body;
    expect(guest.participant.waiting).toBe(true);
    const admit = await alice.client.post<Body<RoomParticipant>>(
      `/api/video-rooms/${room.id}/participants/${guest.participant.id}/admit`,
    );
    expect([admit.status, admit.body.message]).toEqual([409, ROOM_NEEDS_MEDIA_SERVER]);
  });

  it('refuses a fifth person in a voice channel, and lets the four back in', async () => {
    const [alice, ...others] = people as [Actor, ...Actor[]];
    const channel = await voiceChannelOf(alice, others);
    for (const who of people.slice(0, MESH_MAX_PARTICIPANTS)) {
      expect((await api.joinVoice(who, channel.id)).status).toBe(200);
    }
    const fifth = await api.joinVoice(people[4]!, channel.id);
    expect([fifth.status, fifth.body.message]).toEqual([409, VOICE_NEEDS_MEDIA_SERVER]);
    expect(VOICE_NEEDS_MEDIA_SERVER).toContain('serveur multimédia');
    // One of the four joins again (a reload): still in.
    expect((await api.joinVoice(people[1]!, channel.id)).status).toBe(200);
    // One leaves: the fifth gets in.
    await people[1]!.client.post(`/api/voice-channels/${channel.id}/leave`);
    expect((await api.joinVoice(people[4]!, channel.id)).status).toBe(200);
  });
});

describe('with Janus', () => {
  let janus: Awaited<ReturnType<typeof startTestJanus>>;
  let server: TestServer;
  let people: Actor[];
  const api = helpers(() => server);

  beforeAll(async () => {
    janus = await startTestJanus();
    server = await startTestServer({ env: { ROOM_RATE_LIMIT: '10000', JANUS_URL: janus.url } });
    people = [];
    for (const name of ['Alice', 'Bob', 'Carol', 'David', 'Emma', 'Félix']) {
      people.push(await buildUser(server, { displayName: name }));
    }
  }, 60_000);
  afterAll(async () => {
    await server?.close();
    await janus?.stop();
  });

  it('says so: up to 50', async () => {
    const res = await people[0]!.client.get<MediaMode>('/api/sfu');
    expect(res.body).toEqual({ mode: 'sfu', participantLimit: 50 });
    const made = await api.createRoom(people[0]!, { maxParticipants: 50 });
    expect(made.body).toMatchObject({ maxParticipants: 50, participantLimit: 50 });
  });

  it('seats exactly maxParticipants of 20 concurrent joins, past the mesh’s 4', async () => {
    const room = (await api.createRoom(people[0]!, { maxParticipants: 7 })).body;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => api.joinAsGuest(room.id, `Invité ${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(7);
    expect(statuses.filter((s) => s === 409)).toHaveLength(13);
    expect(results.find((r) => r.status === 409)?.body.message).toBe('La salle est complète');
  });

  it('lets six people into a voice channel', async () => {
    const [alice, ...others] = people as [Actor, ...Actor[]];
    const channel = await voiceChannelOf(alice, others);
    for (const who of people) expect((await api.joinVoice(who, channel.id)).status).toBe(200);
  });
});
