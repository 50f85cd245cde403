import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import {
  FRIEND_ALREADY,
  FRIEND_REQUEST_PENDING,
  FRIEND_REQUEST_SELF,
  FRIEND_REQUEST_SETTLED,
  FRIEND_REQUESTS_PER_MINUTE,
  type Friend,
  type FriendRequest,
} from '#shared/friends';
import type { ServerEvent } from '#shared/protocol';
import { addMember, buildChannel } from '../../../test/chat-factories';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, socketOpener } from '../../../test/test-socket';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

type Answer = FriendRequest & ApiErrorBody;
const send = (from: Actor, to: Actor | string, message?: string | null) =>
  from.client.post<Answer>('/api/friend-requests', {
    toUserId: typeof to === 'string' ? to : to.user.id,
    ...(message === undefined ? {} : { message }),
  });
const accept = (who: Actor, id: string) =>
  who.client.patch<Answer>(`/api/friend-requests/${id}/accept`);
const decline = (who: Actor, id: string) =>
  who.client.patch<Answer>(`/api/friend-requests/${id}/decline`);
const cancel = (who: Actor, id: string) =>
  who.client.delete<ApiErrorBody>(`/api/friend-requests/${id}`);
const friendsOf = async (who: Actor) =>
  (await who.client.get<Friend[]>('/api/friends')).body.map((f) => f.user.id);
const received = async (who: Actor) =>
  (await who.client.get<FriendRequest[]>('/api/friend-requests')).body;
const sent = async (who: Actor) =>
  (await who.client.get<FriendRequest[]>('/api/friend-requests/sent')).body;

const two = () => Promise.all([buildUser(server), buildUser(server)]);

async function befriend(a: Actor, b: Actor): Promise<void> {
  const request = await send(a, b);
  expect((await accept(b, request.body.id)).status).toBe(200);
}

describe('POST /api/friend-requests', () => {
  it('sends a request with a trimmed message; it shows in both pending lists with both people', async () => {
    const [alice, bob] = await two();
    const res = await send(alice, bob, '  Salut, on travaille ensemble ?  ');
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      fromUserId: alice.user.id,
      toUserId: bob.user.id,
      status: 'pending',
      message: 'Salut, on travaille ensemble ?',
      fromUser: { id: alice.user.id, email: alice.user.email },
      toUser: { id: bob.user.id },
    });
    expect(res.body.fromUser).not.toHaveProperty('passwordHash');
    // Anyone may send a request: it shows names, not presence (docs/friends.md).
    expect(res.body.toUser).toMatchObject({ status: 'offline', statusMessage: null });
    expect((await received(bob)).map((r) => r.id)).toEqual([res.body.id]);
    expect((await sent(alice)).map((r) => r.id)).toEqual([res.body.id]);
    expect(await received(alice)).toEqual([]);
    expect(await sent(bob)).toEqual([]);
  });

  it('takes no message, or a blank one, as none', async () => {
    const [alice, bob, carol] = await Promise.all([
      buildUser(server),
      buildUser(server),
      buildUser(server),
    ]);
    expect((await send(alice, bob)).body.message).toBeNull();
    expect((await send(alice, carol, '   ')).body.message).toBeNull();
  });

  it('validates the body (400) and needs a session (401)', async () => {
    const [alice, bob] = await two();
    const bad = await alice.client.post<ApiErrorBody>('/api/friend-requests', { toUserId: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.toUserId).toBeDefined();
    const long = await send(alice, bob, 'x'.repeat(501));
    expect(long.status).toBe(400);
    expect(long.body.errors?.message).toEqual(['Le message fait au plus 500 caractères']);
    const extra = await alice.client.post<ApiErrorBody>('/api/friend-requests', {
      toUserId: bob.user.id,
      status: 'accepted',
    });
    expect(extra.status).toBe(400);
    const anonymous = await fetch(`${server.url}/api/friend-requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ toUserId: bob.user.id }),
    });
    expect(anonymous.status).toBe(401);
    expect(await received(bob)).toEqual([]);
    for (const path of ['/api/friends', '/api/friend-requests', '/api/friend-requests/sent']) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
  });

  it('refuses a request to oneself (400) and to nobody (404)', async () => {
    const alice = await buildUser(server);
    const self = await send(alice, alice);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe(FRIEND_REQUEST_SELF);
    const nobody = await send(alice, randomUUID());
    expect(nobody.status).toBe(404);
    expect(await sent(alice)).toEqual([]);
  });

  it('refuses the same request twice (409), even sent concurrently: one row', async () => {
    const [alice, bob] = await two();
    const results = await Promise.all(Array.from({ length: 6 }, () => send(alice, bob)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(results.find((r) => r.status === 409)?.body.message).toBe(FRIEND_REQUEST_PENDING);
    expect(await sent(alice)).toHaveLength(1);
  });

  it('turns a request crossing one already received into a friendship at once', async () => {
    const [alice, bob] = await two();
    const first = await send(alice, bob, 'Coucou');
    const crossing = await send(bob, alice);
    expect(crossing.status).toBe(200);
    expect(crossing.body).toMatchObject({ id: first.body.id, status: 'accepted' });
    expect(await friendsOf(alice)).toEqual([bob.user.id]);
    expect(await friendsOf(bob)).toEqual([alice.user.id]);
    expect(await received(alice)).toEqual([]);
    expect(await received(bob)).toEqual([]);
    expect(await sent(alice)).toEqual([]);
  });

  it('makes one friendship and no pending request when two requests cross at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const [alice, bob] = await two();
      const [a, b] = await Promise.all([send(alice, bob), send(bob, alice)]);
      expect([a.status, b.status].sort()).toEqual([200, 201]);
      expect(a.body.id).toBe(b.body.id);
      expect(await friendsOf(alice)).toEqual([bob.user.id]);
      expect([...(await sent(alice)), ...(await sent(bob))]).toEqual([]);
    }
  });

  it('limits how many requests one person sends per minute (429)', async () => {
    const [alice, bob] = await two();
    const answers = [];
    for (let i = 0; i < FRIEND_REQUESTS_PER_MINUTE; i++)
      answers.push((await send(alice, bob)).status);
    expect(answers.filter((status) => status === 201)).toHaveLength(1);
    const over = await send(alice, bob);
    expect(over.status).toBe(429);
    expect(over.body.message).toMatch(/^Trop de tentatives/);
    // Per person: Bob still sends.
    expect((await send(bob, alice)).status).toBe(200);
  });

  it('refuses a request between friends (409)', async () => {
    const [alice, bob] = await two();
    await befriend(alice, bob);
    for (const [from, to] of [
      [alice, bob],
      [bob, alice],
    ] as const) {
      const again = await send(from, to);
      expect(again.status).toBe(409);
      expect(again.body.message).toBe(FRIEND_ALREADY);
    }
  });
});

describe('answering a request', () => {
  it('accepting makes both friends and empties the pending lists', async () => {
    const [alice, bob] = await two();
    const request = await send(alice, bob);
    const res = await accept(bob, request.body.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: request.body.id, status: 'accepted' });
    const bobsFriends = (await bob.client.get<Friend[]>('/api/friends')).body;
    expect(bobsFriends).toHaveLength(1);
    expect(bobsFriends[0]).toMatchObject({ user: { id: alice.user.id } });
    expect(bobsFriends[0]?.friendshipId).toEqual(expect.any(String));
    expect(await friendsOf(alice)).toEqual([bob.user.id]);
    expect(await received(bob)).toEqual([]);
    expect(await sent(alice)).toEqual([]);
  });

  it('only the recipient answers: the sender gets 403, anyone else 404', async () => {
    const [alice, bob] = await two();
    const stranger = await buildUser(server);
    const { id } = (await send(alice, bob)).body;
    expect((await accept(alice, id)).status).toBe(403);
    expect((await decline(alice, id)).status).toBe(403);
    expect((await accept(stranger, id)).status).toBe(404);
    expect((await decline(stranger, id)).status).toBe(404);
    expect((await cancel(stranger, id)).status).toBe(404);
    expect((await cancel(bob, id)).status).toBe(403);
    expect(await friendsOf(alice)).toEqual([]);
    expect(await sent(alice)).toHaveLength(1);
  });

  it('answers 404 for an unknown or malformed id, and 409 once settled', async () => {
    const [alice, bob] = await two();
    expect((await accept(bob, randomUUID())).status).toBe(404);
    expect((await accept(bob, 'pas-un-id')).status).toBe(404);
    const { id } = (await send(alice, bob)).body;
    expect((await decline(bob, id)).status).toBe(200);
    const late = await accept(bob, id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(FRIEND_REQUEST_SETTLED);
    expect((await cancel(alice, id)).status).toBe(409);
  });

  it('declining leaves both lists and lets the sender ask again', async () => {
    const [alice, bob] = await two();
    const { id } = (await send(alice, bob)).body;
    const res = await decline(bob, id);
    expect(res.body).toMatchObject({ id, status: 'declined' });
    expect(await received(bob)).toEqual([]);
    expect(await sent(alice)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
    expect((await send(alice, bob)).status).toBe(201);
  });

  it('the sender cancels: the request is gone for both, and can be sent again', async () => {
    const [alice, bob] = await two();
    const { id } = (await send(alice, bob)).body;
    expect((await cancel(alice, id)).status).toBe(204);
    expect(await received(bob)).toEqual([]);
    expect(await sent(alice)).toEqual([]);
    expect((await accept(bob, id)).status).toBe(404);
    expect((await send(alice, bob)).status).toBe(201);
  });

  it('accepted twice at once: one friendship, one 409', async () => {
    const [alice, bob] = await two();
    const { id } = (await send(alice, bob)).body;
    const results = await Promise.all([accept(bob, id), accept(bob, id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await friendsOf(alice)).toEqual([bob.user.id]);
  });
});

describe('DELETE /api/friends/:id', () => {
  it('either friend ends the friendship for both; then a new request may be sent', async () => {
    const [alice, bob] = await two();
    await befriend(alice, bob);
    expect((await bob.client.delete(`/api/friends/${alice.user.id}`)).status).toBe(204);
    expect(await friendsOf(alice)).toEqual([]);
    expect(await friendsOf(bob)).toEqual([]);
    expect((await alice.client.delete(`/api/friends/${bob.user.id}`)).status).toBe(404);
    expect((await alice.client.delete('/api/friends/pas-un-id')).status).toBe(404);
    expect((await send(alice, bob)).status).toBe(201);
  });

  it('touches only the caller’s own friendships', async () => {
    const [alice, bob] = await two();
    const mallory = await buildUser(server);
    await befriend(alice, bob);
    expect((await mallory.client.delete(`/api/friends/${alice.user.id}`)).status).toBe(404);
    expect(await friendsOf(bob)).toEqual([alice.user.id]);
  });

  it('lists friends by name, each seen from the caller’s side', async () => {
    const me = await buildUser(server, { displayName: 'Moi' });
    const zoe = await buildUser(server, { displayName: 'Zoé' });
    const anne = await buildUser(server, { displayName: 'anne' });
    await befriend(me, zoe);
    await befriend(anne, me);
    expect(await friendsOf(me)).toEqual([anne.user.id, zoe.user.id]);
    expect(await friendsOf(zoe)).toEqual([me.user.id]);
  });
});

describe('live', () => {
  type Of<K extends ServerEvent['type']> = Extract<ServerEvent, { type: K }>;

  it('a request, its acceptance and a removal reach both people on every tab', async () => {
    const [alice, bob] = await two();
    const [a1, a2, b1] = await Promise.all([open(alice), open(alice), open(bob)]);
    const { id } = (await send(alice, bob, 'Bonjour')).body;
    for (const socket of [a1, a2, b1]) {
      const got = await socket.next<Of<'friend_request_created'>>(
        isEvent('friend_request_created'),
      );
      expect(got.request).toMatchObject({
        id,
        message: 'Bonjour',
        fromUser: { id: alice.user.id },
      });
    }

    await accept(bob, id);
    for (const socket of [a1, a2, b1]) {
      const answered = await socket.next<Of<'friend_request_answered'>>(
        isEvent('friend_request_answered'),
      );
      expect(answered.request).toMatchObject({ id, status: 'accepted' });
    }
    for (const [socket, other] of [
      [a1, bob],
      [a2, bob],
      [b1, alice],
    ] as const) {
      const added = await socket.next<Of<'friend_added'>>(isEvent('friend_added'));
      expect(added.friend.user.id).toBe(other.user.id);
      // Friends see each other's presence from the start: both have a socket open.
      expect(added.friend.user.status).toBe('online');
    }

    await alice.client.delete(`/api/friends/${bob.user.id}`);
    await a1.next(isEvent('friend_removed', { userId: bob.user.id }));
    await b1.next(isEvent('friend_removed', { userId: alice.user.id }));
  });

  it('declines and cancels reach both people', async () => {
    const [alice, bob] = await two();
    const [a, b] = await Promise.all([open(alice), open(bob)]);
    const first = (await send(alice, bob)).body;
    await decline(bob, first.id);
    for (const socket of [a, b]) {
      const got = await socket.next<Of<'friend_request_answered'>>(
        isEvent('friend_request_answered'),
      );
      expect(got.request).toMatchObject({ id: first.id, status: 'declined' });
    }
    const second = (await send(alice, bob)).body;
    await cancel(alice, second.id);
    for (const socket of [a, b]) {
      await socket.next(isEvent('friend_request_cancelled', { requestId: second.id }));
    }
  });

  it('no one else hears of it', async () => {
    const [alice, bob] = await two();
    const carol = await buildUser(server);
    const c = await open(carol);
    const { id } = (await send(alice, bob)).body;
    await accept(bob, id);
    await c.sync();
    expect(c.events.filter((e) => e.type.startsWith('friend'))).toEqual([]);
  });

  it('one watch shows a channel companion and a friend, never a stranger', async () => {
    const [alice, bob] = await two();
    const [carol, stranger] = await two();
    await befriend(alice, bob);
    const channel = await buildChannel(alice, { type: 'group' });
    await addMember(channel, alice, carol);
    const a = await open(alice);
    expect(await a.watch([carol.user.id, bob.user.id, stranger.user.id])).toEqual({
      [carol.user.id]: 'offline',
      [bob.user.id]: 'offline',
    });
  });

  it('friends who share no channel see each other’s presence, until they are friends no more', async () => {
    const [alice, bob] = await two();
    const a = await open(alice);
    await befriend(alice, bob);
    await a.next(isEvent('friend_added'));
    // Before the friendship nothing shows of a stranger; the friend list shows Bob now.
    expect(await a.watch([bob.user.id])).toEqual({ [bob.user.id]: 'offline' });
    const bobSocket = await open(bob);
    await a.next(isEvent('presence_update', { userId: bob.user.id, status: 'online' } as never));
    await bobSocket.close();
    await a.next(isEvent('presence_update', { userId: bob.user.id, status: 'offline' } as never));

    // A socket opened after the friendship may watch the friend from the start.
    const later = await open(alice);
    await later.watch([bob.user.id]);
    const bobAgain = await open(bob);
    await later.next(
      isEvent('presence_update', { userId: bob.user.id, status: 'online' } as never),
    );

    await bob.client.delete(`/api/friends/${alice.user.id}`);
    await later.next(isEvent('friend_removed'));
    // Bob's own socket hears his status change: by then, a watcher would have too.
    bobAgain.send({ type: 'presence', status: 'away' });
    await bobAgain.next(
      isEvent('presence_update', { userId: bob.user.id, status: 'away' } as never),
    );
    await later.sync();
    const after = later.events.slice(later.events.findIndex((e) => e.type === 'friend_removed'));
    expect(after.filter((e) => e.type === 'presence_update' && e.userId === bob.user.id)).toEqual(
      [],
    );
  });
});
