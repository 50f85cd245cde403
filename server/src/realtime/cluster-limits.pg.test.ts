/**
 * docs/security.md, finding 6: the per-user limits hold across nodes. Two server processes
 * on one PostgreSQL and one Redis: a user who spreads sockets or sends over both nodes gets
 * no more than on one.
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { ApiErrorBody } from '#shared/auth';
import { ROOM_TOKEN_HEADER, type RoomJoinResult, type VideoRoom } from '#shared/video-rooms';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import { createChannel, TestSocket } from '../../test/test-socket';
import { TEST_REDIS_URL as REDIS_URL, startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { SocketSlots } from './socket-slots';

const prefix = `ruche-test-${randomUUID().slice(0, 8)}`;

let nodes: TwoNodes;
let node1: TestServer;
let node2: TestServer;
let sockets: TestSocket[];

beforeAll(async () => {
  // A bucket of 1.2 sends refilled one per 5 s; two sockets per user, two per guest's token.
  const env = {
    SEND_RATE_PER_SECOND: '0.2',
    MAX_SOCKETS_PER_USER: '2',
    MAX_SOCKETS_PER_GUEST: '2',
  };
  nodes = await startTwoNodes({ prefix, env });
  ({ node1, node2, sockets } = nodes);
});
afterAll(() => nodes?.close());

const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);
const on2 = (actor: Actor): Actor => nodes.on(node2, actor);

describe('sockets per user, across nodes', () => {
  it('counts the sockets of both nodes against one cap, and frees a closed one’s slot', async () => {
    const bob = await buildUser(node1);
    const first = await open(node1, bob);
    await open(node2, bob);
    // Each node holds one socket of Bob's: below its own cap, but not below the user's.
    for (const node of [node1, node2]) {
      await expect(TestSocket.connect(node, bob.client.cookieHeader)).rejects.toMatchObject({
        status: 429,
      });
    }
    await first.close();
    await vi.waitFor(async () => sockets.push(await TestSocket.open(node2, bob.client)), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it('counts a guest token’s sockets of both nodes against one cap (docs/realtime.md, "Admission")', async () => {
    const host = await buildUser(node1);
    const room = await host.client.post<VideoRoom>('/api/video-rooms', { name: 'Point' });
    const join = await new TestClient(node1.url).post<RoomJoinResult>(
      `/api/video-rooms/${room.body.id}/join`,
      { guestName: 'Invité' },
    );
    const guest = { [ROOM_TOKEN_HEADER]: join.body.token ?? '' };
    sockets.push(await TestSocket.openWithHeaders(node1, guest));
    sockets.push(await TestSocket.openWithHeaders(node2, guest));
    for (const node of [node1, node2]) {
      const status = await new Promise((resolve) => {
        const ws = new WebSocket(`${node.url.replace('http', 'ws')}/ws`, {
          headers: { ...guest, origin: node.url },
        });
        ws.once('unexpected-response', (_req, res) => resolve(res.statusCode));
        ws.once('open', () => resolve('opened'));
        ws.once('error', () => resolve('error'));
      });
      expect(status).toBe(429);
    }
  });

  it('lets the slots of a node that stopped renewing them lapse', async () => {
    const redis = new Redis(REDIS_URL);
    const slots = new SocketSlots(redis, `${prefix}-lapse`, 1, { warn: () => {} }, 300);
    try {
      // Claimed by a node that died before its socket opened or renewed anything.
      expect(await slots.claim('u1')).not.toBeNull();
      expect(await slots.claim('u1')).toBeNull();
      // The lease runs out: the slot is free again, without anyone releasing it.
      await vi.waitFor(async () => expect(await slots.claim('u1')).not.toBeNull(), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await slots.close();
      redis.disconnect();
    }
  });
});

describe('send rate per user, across nodes', () => {
  it('draws sends made through either node from one bucket (429 with Retry-After)', async () => {
    const alice = await buildUser(node1);
    const channel = await createChannel(alice);
    const started = Date.now();
    const first = await alice.client.post(`/api/channels/${channel.id}/messages`, {
      content: 'par le nœud 1',
      clientId: randomUUID(),
    });
    expect(first.status).toBe(201);
    const second = await on2(alice).client.post<ApiErrorBody>(
      `/api/channels/${channel.id}/messages`,
      { content: 'par le nœud 2', clientId: randomUUID() },
    );
    // A bucket per node would have let it through; one token is back only 4 s later.
    if (Date.now() - started < 4_000) {
      expect(second.status).toBe(429);
      expect(second.body.message).toBe(
        'Vous envoyez trop de messages : patientez quelques secondes',
      );
      expect(Number(second.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    // Over the socket of node 2 too.
    const socket = await open(node2, alice);
    const clientId = randomUUID();
    socket.send({
      type: 'send_message',
      channelId: channel.id,
      clientId,
      message: { content: 'ws' },
    });
    const answer = await socket.next(
      (e) => (e.type === 'message_ack' || e.type === 'message_rejected') && e.clientId === clientId,
    );
    if (Date.now() - started < 4_000)
      expect(answer).toMatchObject({ type: 'message_rejected', status: 429 });
  });
});
