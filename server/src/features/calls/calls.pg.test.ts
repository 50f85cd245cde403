/**
 * A call across two nodes behind Redis (docs/calls.md): the ring reaches the callee's tabs
 * on both nodes, the answer from a tab on one node reaches the caller on the other, and the
 * other tab stops ringing. PostgreSQL only (two processes cannot share the embedded store).
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Channel } from '#shared/channels';
import type { ServerEvent } from '#shared/protocol';
import { type Actor, buildUser } from '../../../test/factories';
import { startTestServer, type TestServer } from '../../../test/server';
import { isEvent } from '../../../test/test-socket';
import { startTwoNodes, TEST_REDIS_URL, type TwoNodes } from '../../../test/two-nodes';

const OFFER = { type: 'offer' as const, sdp: 'v=0\r\n' };
const ANSWER = { type: 'answer' as const, sdp: 'v=0\r\n' };

describe('calls on two nodes', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);

  beforeAll(async () => {
    nodes = await startTwoNodes();
    ({ node1, node2 } = nodes);
  });
  afterAll(() => nodes?.close());

  it('rings the callee on every node; the answer on one node reaches the caller on the other', async () => {
    const [alice, bob, carol] = await Promise.all([
      buildUser(node1),
      buildUser(node1),
      buildUser(node1),
    ]);
    const res = await alice.client.post<Channel>('/api/channels/direct', {
      recipientId: bob.user.id,
    });
    const dm = res.body;
    const a = await open(node1, alice);
    const [b1, b2] = [await open(node1, bob), await open(node2, bob)];
    const callId = randomUUID();
    a.send({
      type: 'video-offer',
      channelId: dm.id,
      toUserId: bob.user.id,
      callId,
      tabId: 'tab-a',
      offer: OFFER,
    });
    await b1.next(isEvent('video-offer', { callId }));
    await b2.next(isEvent('video-offer', { callId }));

    b2.send({
      type: 'video-answer',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-b2',
      answer: ANSWER,
    });
    await a.next(isEvent('video-answer', { callId }));
    await b1.next(isEvent('video-call-accepted', { callId, tabId: 'tab-b2' } as never));

    // Node 1 knows Bob is in a call now: Carol, on node 1, hears busy.
    const carolDm = (
      await carol.client.post<Channel>('/api/channels/direct', { recipientId: bob.user.id })
    ).body;
    const c = await open(node1, carol);
    const second = randomUUID();
    c.send({
      type: 'video-offer',
      channelId: carolDm.id,
      toUserId: bob.user.id,
      callId: second,
      tabId: 'tab-c',
      offer: OFFER,
    });
    const busy = await c.next<Extract<ServerEvent, { type: 'video-end-call' }>>(
      isEvent('video-end-call', { callId: second }),
    );
    expect(busy.reason).toBe('busy');

    // A node started during the call learns it from the others (a rolling restart).
    const node3 = await startTestServer({
      redisUrl: TEST_REDIS_URL,
      env: { REDIS_PREFIX: nodes.prefix },
      store: node1.store,
    });
    try {
      const b3 = await open(node3, bob);
      await expect
        .poll(async () => {
          b3.send({ type: 'video-call-resume', tabId: 'tab-b2' });
          const state = await b3.next<Extract<ServerEvent, { type: 'video-call-state' }>>(
            isEvent('video-call-state'),
          );
          return state.call && { state: state.call.state, tab: state.call.calleeTabId };
        })
        .toEqual({ state: 'active', tab: 'tab-b2' });
    } finally {
      await node3.close();
    }

    // Bob hangs up on node 2; both nodes forget the call.
    b2.send({
      type: 'video-end-call',
      channelId: dm.id,
      toUserId: alice.user.id,
      callId,
      tabId: 'tab-b2',
    });
    const end = await a.next<Extract<ServerEvent, { type: 'video-end-call' }>>(
      isEvent('video-end-call', { callId }),
    );
    expect(end.reason).toBe('ended');
    for (const socket of [a, b1, b2]) {
      socket.send({ type: 'video-call-resume', tabId: 'x' });
      const state = await socket.next<Extract<ServerEvent, { type: 'video-call-state' }>>(
        isEvent('video-call-state'),
      );
      expect(state.call).toBeNull();
    }
  });
});
