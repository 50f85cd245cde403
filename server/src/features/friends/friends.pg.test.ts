/**
 * Friends across two nodes behind Redis (docs/friends.md, live): events reach both people's
 * sockets on either node, and a friendship made through one node makes the sockets on the
 * other follow the new friend's presence. PostgreSQL only: two processes cannot share the
 * embedded store.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendRequest } from '#shared/friends';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent, TestSocket } from '../../../test/test-socket';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('friends on two nodes', () => {
  let node1: TestServer;
  let node2: TestServer;
  const sockets: TestSocket[] = [];
  const open = async (node: TestServer, actor: Actor) => {
    const socket = await TestSocket.open(node, actor.client);
    sockets.push(socket);
    return socket;
  };
  /** The same person calling node 2 (the session lives in the database). */
  const on2 = (actor: Actor): Actor => {
    const client = Object.assign(Object.create(Object.getPrototypeOf(actor.client)), actor.client);
    client.baseUrl = node2.url;
    return { ...actor, client };
  };

  beforeAll(async () => {
    const env = { REDIS_PREFIX: `ruche-test-${randomUUID().slice(0, 8)}` };
    node1 = await startTestServer({ redisUrl: REDIS_URL, env });
    node2 = await startTestServer({ redisUrl: REDIS_URL, env, store: node1.store });
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.terminate();
    await node2?.close();
    await node1?.close();
  });

  it('a request accepted through node 2 reaches both people on node 1, then presence may be watched', async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const [a1, b1] = await Promise.all([open(node1, alice), open(node1, bob)]);
    const sent = await on2(alice).client.post<FriendRequest>('/api/friend-requests', {
      toUserId: bob.user.id,
    });
    expect(sent.status).toBe(201);
    await b1.next(isEvent('friend_request_created'));
    await a1.next(isEvent('friend_request_created'));

    expect(
      (await on2(bob).client.patch(`/api/friend-requests/${sent.body.id}/accept`)).status,
    ).toBe(200);
    await a1.next(isEvent('friend_added'));
    await b1.next(isEvent('friend_added'));

    // They share no channel: Alice's socket on node 1 may watch Bob as a friend.
    expect(await a1.watch([bob.user.id])).toEqual({ [bob.user.id]: 'online' });
    const b2 = await open(node2, bob);
    b2.send({ type: 'presence', status: 'away' });
    await a1.next(isEvent('presence_update', { userId: bob.user.id, status: 'away' } as never));
  });
});
