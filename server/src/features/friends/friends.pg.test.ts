/**
 * Friends across two nodes behind Redis (docs/friends.md, live): events reach both people's
 * sockets on either node, and a friendship made through one node makes the sockets on the
 * other follow the new friend's presence. PostgreSQL only: two processes cannot share the
 * embedded store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FriendRequest } from '#shared/friends';
import { type Actor, buildUser } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, type TwoNodes } from '../../../test/two-nodes';

describe('friends on two nodes', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);
  /** The same person calling node 2 (the session lives in the database). */
  const on2 = (actor: Actor): Actor => nodes.on(node2, actor);

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ node1, node2 } = nodes);
  });
  afterAll(() => nodes?.close());

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
