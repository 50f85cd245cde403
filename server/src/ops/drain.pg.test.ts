/**
 * SIGTERM drains a node (docs/operations.md): two real node processes on one PostgreSQL and
 * one Redis, behind load balancers (TCP relays that send a connection to the next node when
 * one stops listening), with people sending and receiving on both. One node is stopped
 * mid-traffic: it must exit 0 within DRAIN_TIMEOUT_MS, no HTTP request may get a 5xx, and
 * every acknowledged message must reach every member — those whose socket was on the
 * stopped node reconnect (the web app's own RealtimeSocket, with its jitter) to the other
 * node and catch up by sequence number.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Message, MessagePage } from '#shared/messages';
import {
  CLOSE_SERVICE_RESTART,
  RESTART_RECONNECT_MAX_MS,
  type ServerEvent,
} from '#shared/protocol';
import { RealtimeSocket, type SocketLike } from '../../../web/src/lib/socket';
import { TestClient } from '../../test/client';
import { type NodeProcess, startNodeProcess } from '../../test/node-process';
import { histogramOf, parseMetrics } from '../../test/prometheus';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { TcpProxy } from '../../test/tcp-proxy';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DRAIN_TIMEOUT_MS = 20_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Ack = Extract<ServerEvent, { type: 'message_ack' | 'message_rejected' }>;

/** What the test saw of HTTP: every status, and connections that failed under a request. */
const http = { statuses: new Map<number, number>(), resets: 0 };

/**
 * A request as the web app makes it: a reused connection closed under it (the race every
 * keep-alive client has with a server closing idle connections) is retried, as browsers
 * do; a POST of a message is safe to retry, its clientId makes it idempotent.
 */
async function request<T>(client: TestClient, method: 'GET' | 'POST', url: string, body?: unknown) {
  for (let attempt = 0; ; attempt++) {
    try {
      const res = await client.request<T>(method, url, body);
      http.statuses.set(res.status, (http.statuses.get(res.status) ?? 0) + 1);
      return res;
    } catch (error) {
      http.resets++;
      if (attempt >= 5) throw error;
      await sleep(50);
    }
  }
}

/** One person: a TestClient for HTTP and the web app's RealtimeSocket, both through one balancer. */
class Member {
  readonly seen = new Map<string, number>();
  readonly closeCodes: number[] = [];
  readonly opens: number[] = [];
  readonly closes: number[] = [];
  readonly socket: RealtimeSocket;
  private readonly waiting = new Map<string, (answer: Ack) => void>();

  constructor(
    readonly name: string,
    readonly client: TestClient,
    readonly userId: string,
    private readonly channelId: string,
  ) {
    const wsUrl = `${client.baseUrl.replace('http', 'ws')}/ws`;
    this.socket = new RealtimeSocket({
      url: wsUrl,
      createSocket: (url) => {
        const ws = new WebSocket(url, {
          headers: { cookie: client.cookieHeader, origin: client.baseUrl },
        });
        ws.on('open', () => this.opens.push(Date.now()));
        ws.on('close', (code) => {
          this.closeCodes.push(code);
          this.closes.push(Date.now());
        });
        ws.on('error', () => {});
        return ws as unknown as SocketLike;
      },
    });
    this.socket.onEvent((event) => this.handle(event));
    this.socket.start(userId);
  }

  /** The highest seq seen, as the web app's catch-up reads it (message-cache.ts). */
  get lastSeq(): number {
    return Math.max(0, ...this.seen.values());
  }

  private handle(event: ServerEvent): void {
    if (event.type === 'new_message' && event.channelId === this.channelId) {
      this.seen.set(event.message.id, event.seq);
    }
    if (event.type === 'ready' || event.type === 'resync') void this.catchUp();
    if (event.type === 'message_ack' || event.type === 'message_rejected') {
      this.waiting.get(event.clientId)?.(event);
    }
  }

  /** After every ready: everything after the last seq seen (docs/realtime.md). */
  async catchUp(): Promise<void> {
    let after = this.lastSeq;
    for (;;) {
      const url = `/api/channels/${this.channelId}/messages?after=${after}`;
      const res = await request<MessagePage>(this.client, 'GET', url);
      if (res.status !== 200) return;
      for (const m of res.body.messages) this.seen.set(m.id, m.seq);
      if (!res.body.newerCursor) return;
      after = Number(res.body.newerCursor);
    }
  }

  /**
   * Send as the web app does: over the socket (queued while it reconnects), and over HTTP
   * with the same clientId when no answer comes in time. Returns the stored message's id.
   */
  async send(content: string): Promise<string | undefined> {
    const clientId = randomUUID();
    const answer = new Promise<Ack | undefined>((resolve) => {
      const timer = setTimeout(() => resolve(undefined), 3000);
      this.waiting.set(clientId, (ack) => {
        clearTimeout(timer);
        resolve(ack);
      });
    });
    const message = { content };
    this.socket.send({ type: 'send_message', channelId: this.channelId, clientId, message });
    const ack = await answer;
    this.waiting.delete(clientId);
    if (ack?.type === 'message_ack') return ack.message.id;
    if (ack?.type === 'message_rejected') throw new Error(`refused: ${JSON.stringify(ack)}`);
    return this.post(content, clientId);
  }

  async post(content: string, clientId = randomUUID()): Promise<string | undefined> {
    const url = `/api/channels/${this.channelId}/messages`;
    const res = await request<Message>(this.client, 'POST', url, { content, clientId });
    return res.status === 200 || res.status === 201 ? res.body.id : undefined;
  }
}

describe('SIGTERM drains a node of a two-node cluster', () => {
  let store: TestStoreHandle;
  let dataDir: string;
  let node1: NodeProcess;
  let node2: NodeProcess;
  let toNode1: TcpProxy;
  let toNode2: TcpProxy;
  const members: Member[] = [];
  const prefix = `ruche-test-drain-${randomUUID().slice(0, 8)}`;

  beforeAll(async () => {
    store = await createTestStore('postgres');
    dataDir = await mkdtemp(path.join(tmpdir(), 'ruche-drain-'));
    const env = {
      DATABASE_URL: store.databaseUrl as string,
      REDIS_URL,
      REDIS_PREFIX: prefix,
      DATA_DIR: dataDir,
      SESSION_SECRET: 'drain-test-secret-drain-test-secret-0123',
      // What a cluster node refuses to start without (ops/cluster.ts): both share DATA_DIR.
      FILES_DIR_SHARED: 'true',
      CALENDAR_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
      VAPID_PUBLIC_KEY: 'BDrainTestPublicKey',
      VAPID_PRIVATE_KEY: 'drainTestPrivateKey',
      DRAIN_TIMEOUT_MS: String(DRAIN_TIMEOUT_MS),
      METRICS: 'loopback',
    };
    [node1, node2] = await Promise.all([startNodeProcess(env), startNodeProcess(env)]);
    const upstream = (node: NodeProcess) => ({ host: '127.0.0.1', port: node.port });
    // Two balancers, one preferring each node: who connects through toNode1 lands on node 1
    // while it listens, on node 2 after.
    [toNode1, toNode2] = await Promise.all([
      TcpProxy.start([upstream(node1), upstream(node2)], { order: 'failover' }),
      TcpProxy.start([upstream(node2), upstream(node1)], { order: 'failover' }),
    ]);
    // Past the nodes' own start timeout (test/node-process.ts).
  }, 180_000);

  afterAll(async () => {
    for (const member of members) member.socket.stop();
    node1?.kill();
    node2?.kill();
    await Promise.all([toNode1?.close(), toNode2?.close()]);
    await store?.drop();
    // Node 2 was killed, not drained: its presence keys stay behind in the shared Redis.
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}:*`);
      if (keys.length > 0) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('exits 0 in time, with no 5xx and every acknowledged message delivered to everyone', async ({
    annotate,
  }) => {
    const via = (proxy: TcpProxy) => new TestClient(`http://127.0.0.1:${proxy.port}`);
    const people = [
      { name: 'alice', client: via(toNode1) },
      { name: 'carol', client: via(toNode1) },
      { name: 'bob', client: via(toNode2) },
      { name: 'dave', client: via(toNode2) },
    ];
    const ids: string[] = [];
    for (const { name, client } of people) {
      const res = await client.post<{ id: string }>('/api/auth/register', {
        email: `${name}-${randomUUID().slice(0, 8)}@ruche.test`,
        password: 'mot-de-passe-sûr',
        firstName: name,
        lastName: 'Test',
      });
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const owner = people[0]?.client as TestClient;
    const created = await owner.post<{ id: string }>('/api/channels', {
      name: `drain-${randomUUID().slice(0, 6)}`,
      type: 'channel',
    });
    const channelId = created.body.id;
    for (const { client } of people.slice(1)) {
      expect((await client.post(`/api/channels/${channelId}/join`)).status).toBeLessThan(300);
    }
    people.forEach(({ name, client }, i) => {
      members.push(new Member(name, client, ids[i] as string, channelId));
    });
    const [alice, carol, bob, dave] = members as [Member, Member, Member, Member];
    await Promise.all(
      members.map(async (m) => {
        while (m.opens.length === 0) await sleep(20);
      }),
    );

    // Traffic on both nodes: socket senders on each, an HTTP sender and reader on node 1.
    const acked: string[] = [];
    let stop = false;
    let n = 0;
    const loop = (work: () => Promise<unknown>) =>
      (async () => {
        while (!stop) {
          await work();
          await sleep(15);
        }
      })();
    const record = (id: string | undefined) => {
      if (id) acked.push(id);
    };
    const loops = [
      loop(async () => record(await alice.send(`alice ${n++}`))),
      loop(async () => record(await bob.send(`bob ${n++}`))),
      loop(async () => record(await carol.post(`carol ${n++}`))),
      loop(() => request(dave.client, 'GET', '/api/channels')),
      loop(() => request(alice.client, 'GET', `/api/channels/${channelId}/messages`)),
    ];
    await sleep(1500);

    const stopped = Date.now();
    node1.child.kill('SIGTERM');
    const exit = await node1.exited;
    const drainMs = Date.now() - stopped;
    // Traffic goes on against node 2 alone, then stops.
    await sleep(1500);
    stop = true;
    await Promise.all(loops);

    expect(exit, node1.output()).toEqual({ code: 0, signal: null });
    expect(drainMs).toBeLessThan(DRAIN_TIMEOUT_MS);
    expect(node1.output()).not.toMatch(/drain timed out/);
    const serverErrors = [...http.statuses].filter(([status]) => status >= 500);
    expect(serverErrors, `statuses: ${JSON.stringify([...http.statuses])}`).toEqual([]);

    // Node 1's sockets were told to restart, and came back (through the balancer, to node
    // 2) within the jitter window; node 2's were never closed.
    for (const member of [alice, carol]) {
      expect(member.closeCodes).toEqual([CLOSE_SERVICE_RESTART]);
      expect(member.opens).toHaveLength(2);
      const delay = (member.opens[1] as number) - (member.closes[0] as number);
      expect(delay).toBeLessThan(RESTART_RECONNECT_MAX_MS + 1000);
    }
    for (const member of [bob, dave]) expect(member.closeCodes).toEqual([]);

    // Every acknowledged message reached every member, live or by catch-up.
    expect(acked.length).toBeGreaterThan(30);
    const missing = () =>
      members.flatMap((m) => acked.filter((id) => !m.seen.has(id)).map((id) => `${m.name}:${id}`));
    const deadline = Date.now() + 10_000;
    while (missing().length > 0 && Date.now() < deadline) await sleep(100);
    expect(missing()).toEqual([]);

    // Node 2 received node 1's events through Redis, and measured how long they took.
    const metrics = parseMetrics(await (await fetch(`${node2.url}/metrics`)).text());
    expect(histogramOf(metrics.get('ruche_broker_lag_seconds'))?.count).toBeGreaterThan(0);
    await annotate(
      `drain: ${drainMs} ms; ${acked.length} messages acknowledged; HTTP ${JSON.stringify([...http.statuses])}, ${http.resets} connection(s) closed under a request and retried`,
    );
  }, 120_000);
});
