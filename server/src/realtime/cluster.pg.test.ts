/**
 * Two server processes on one PostgreSQL and one Redis behave as one (docs/scaling.md). Two
 * processes cannot share the embedded store, which is single-node by design: on that
 * project only the Redis presence store is exercised here (the cross-node fan-out logic is
 * also covered store-free in hub.test.ts).
 */
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '#shared/auth';
import { TYPING_TTL_MS, type TypingUser } from '#shared/messages';
import { CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import type { TestServer } from '../../test/server';
import { createChannel, isEvent, joinChannel, sendMessage } from '../../test/test-socket';
import { TEST_REDIS_URL as REDIS_URL, startTwoNodes, type TwoNodes } from '../../test/two-nodes';
import { RedisPresenceStore } from './broker-redis';

const prefix = `ruche-test-${randomUUID().slice(0, 8)}`;

describe('two nodes behind Redis', () => {
  let nodes: TwoNodes;
  let node1: TestServer;
  let node2: TestServer;
  const open = (node: TestServer, actor: Actor) => nodes.open(node, actor);
  /** The same person signed in on node 2 (same cookie: the session lives in the database). */
  const on2 = (actor: Actor): Actor => nodes.on(node2, actor);

  beforeAll(async () => {
    nodes = await startTwoNodes({ prefix });
    ({ node1, node2 } = nodes);
  });
  afterAll(() => nodes?.close());

  it('delivers a message sent on one node to sockets on both, membership made on either', async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await createChannel(alice);
    const a = await open(node1, alice);
    const b = await open(node1, bob);
    // Bob joins through node 2: node 1 must subscribe his socket all the same.
    await joinChannel(on2(bob), channel.id);
    await a.next(isEvent('member_added', { channelId: channel.id }));
    const b2 = await open(node2, bob);
    const sent = await sendMessage(on2(alice), channel.id, 'depuis le nœud 2');
    for (const socket of [a, b, b2]) {
      const got = await socket.next<Extract<ServerEvent, { type: 'new_message' }>>(
        isEvent('new_message', { channelId: channel.id }),
      );
      expect(got.message.id).toBe(sent.id);
    }
  });

  it("a removed member's socket on the other node receives nothing more from the channel", async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const [channel, other] = await Promise.all([createChannel(alice), createChannel(alice)]);
    await joinChannel(bob, channel.id);
    await joinChannel(bob, other.id);
    const b = await open(node2, bob);
    await sendMessage(alice, channel.id, 'avant');
    await b.next(isEvent('new_message', { channelId: channel.id }));

    const res = await alice.client.delete(`/api/channels/${channel.id}/members/${bob.user.id}`);
    expect(res.status).toBe(204);
    await b.next(isEvent('member_removed', { channelId: channel.id }));
    const seen = b.ofChannel(channel.id).length;
    await sendMessage(alice, channel.id, 'après');
    // Published after the one above, by the same node: once this arrives, that one would have.
    await sendMessage(alice, other.id, 'repère');
    await b.next(isEvent('new_message', { channelId: other.id }));
    expect(b.ofChannel(channel.id).length).toBe(seen);
  });

  it('presence: offline only when the last socket on any node closes', async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const a = await open(node1, alice);
    await a.watch([bob.user.id]);
    const forBob = (status: string) =>
      isEvent('presence_update', { userId: bob.user.id, status } as never);

    const b2 = await open(node2, bob);
    await a.next(forBob('online'));
    const b1 = await open(node1, bob);
    await b2.close();
    await b1.sync();
    b1.send({ type: 'presence', status: 'away' });
    await a.next(forBob('away'));
    expect(a.events.filter(forBob('offline'))).toEqual([]);
    await b1.close();
    await a.next(forBob('offline'));
  });

  it('typing on one node is listed by GET on the other, until it expires or its user leaves', async () => {
    const [alice, bob, carol] = await Promise.all([
      buildUser(node1, { displayName: 'Alice' }),
      buildUser(node1),
      buildUser(node1),
    ]);
    const channel = await createChannel(bob);
    await joinChannel(alice, channel.id);
    await joinChannel(carol, channel.id);
    const url = `/api/channels/${channel.id}/typing`;
    const typing = isEvent('typing_update', { channelId: channel.id, isTyping: true });
    const a = await open(node1, alice);
    const b = await open(node2, bob);
    // Typing reaches the sockets viewing the channel, on every node.
    await b.view(channel.id);

    a.send({ type: 'typing', channelId: channel.id, isTyping: true });
    // The socket event and node 2's note travel in one broker message.
    await b.next(typing);
    const listed = await on2(bob).client.get<TypingUser[]>(url);
    expect(listed.body).toEqual([
      {
        userId: alice.user.id,
        firstName: alice.user.firstName,
        lastName: alice.user.lastName,
        displayName: 'Alice',
        email: alice.user.email,
      },
    ]);
    try {
      // Only the clock moves on (timers and I/O stay real): the flag is past its TTL.
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + TYPING_TTL_MS + 1000);
      expect((await on2(bob).client.get(url)).body).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
    // Back on the real clock her flag is fresh again: she stops, on node 1.
    a.send({ type: 'typing', channelId: channel.id, isTyping: false });
    await b.next(isEvent('typing_update', { channelId: channel.id, isTyping: false }));
    expect((await on2(bob).client.get(url)).body).toEqual([]);

    // Carol types over HTTP on node 2 and leaves through node 1: node 2 forgets her at once.
    expect((await on2(carol).client.post(url, { isTyping: true })).status).toBe(204);
    await b.next(isEvent('typing_update', { channelId: channel.id, isTyping: true }));
    expect((await alice.client.get<TypingUser[]>(url)).body.map((u) => u.userId)).toEqual([
      carol.user.id,
    ]);
    expect((await carol.client.post(`/api/channels/${channel.id}/leave`)).status).toBe(204);
    await b.next(isEvent('member_removed', { channelId: channel.id }));
    expect((await on2(bob).client.get(url)).body).toEqual([]);
  });

  it('signing out on one node closes the session sockets on the other', async () => {
    const bob = await buildUser(node1);
    const b = await open(node2, bob);
    await bob.client.post('/api/logout');
    expect((await b.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('every way a session ends closes its sockets on the other node (docs/security.md, finding 4)', async () => {
    const alice = await buildUser(node1);
    /** Another session of alice's (a phone), its socket on node 2. */
    const phoneOnNode2 = async () => {
      const phone = new TestClient(node2.url);
      const res = await phone.post('/api/auth/login', {
        email: alice.user.email,
        password: alice.password,
      });
      expect(res.status).toBe(200);
      return { phone, socket: await open(node2, { client: phone } as Actor) };
    };

    // Revoked from the sessions list on node 1.
    const first = await phoneOnNode2();
    const sessions = (await alice.client.get<SessionInfo[]>('/api/auth/sessions')).body;
    const other = sessions.find((session) => !session.current);
    expect((await alice.client.delete(`/api/auth/sessions/${other?.id}`)).status).toBe(204);
    expect((await first.socket.closed).code).toBe(CLOSE_SESSION_ENDED);

    // Replaced by a new sign-in in the same browser, on node 1.
    const second = await phoneOnNode2();
    const again = Object.assign(Object.create(Object.getPrototypeOf(second.phone)), second.phone);
    again.baseUrl = node1.url;
    await again.post('/api/auth/login', { email: alice.user.email, password: alice.password });
    expect((await second.socket.closed).code).toBe(CLOSE_SESSION_ENDED);

    // Every other session ended by a password change on node 1.
    const third = await phoneOnNode2();
    const changed = await alice.client.post('/api/auth/password', {
      currentPassword: alice.password,
      newPassword: 'un-tout-nouveau-secret',
    });
    expect(changed.status).toBe(204);
    expect((await third.socket.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  /** What Redis does to a subscriber over client-output-buffer-limit pubsub: both nodes lose theirs. */
  const dropSubscriptions = async () => {
    const admin = new Redis(REDIS_URL);
    try {
      // Both nodes subscribed: a node may still be resubscribing after the previous drop.
      const ids = await vi.waitFor(async () => {
        const list = await admin.client('LIST');
        const found = String(list)
          .split('\n')
          .filter((line) => line.includes(` name=${prefix}:sub:`))
          .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
        expect(found.length).toBe(2);
        return found;
      });
      for (const id of ids) await admin.client('KILL', 'ID', id as string);
    } finally {
      admin.disconnect();
    }
  };

  it('a node whose Redis subscription is dropped resubscribes and tells its sockets to resync', async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const b = await open(node2, bob);
    await dropSubscriptions();
    await b.next(isEvent('resync'));
    const sent = await sendMessage(alice, channel.id, 'après la reconnexion');
    const got = await b.next<Extract<ServerEvent, { type: 'new_message' }>>(
      isEvent('new_message', { channelId: channel.id }),
    );
    expect(got.message.id).toBe(sent.id);
  });

  it('no message sent across three subscription losses escapes a client that catches up on resync', async () => {
    const [alice, bob] = await Promise.all([buildUser(node1), buildUser(node1)]);
    const channel = await createChannel(alice);
    await joinChannel(bob, channel.id);
    const b = await open(node2, bob);
    const acked: number[] = [];
    let sending = true;
    // Eight senders keep node 1 publishing while node 2 resubscribes: the restored
    // subscription hears events within a millisecond of coming back.
    const senders = Array.from({ length: 8 }, async (_, n) => {
      for (let i = 0; sending; i++)
        acked.push((await sendMessage(alice, channel.id, `m${n}-${i}`)).seq);
    });
    const resyncs = () => b.events.filter((e) => e.type === 'resync').length;
    for (let outage = 1; outage <= 3; outage++) {
      await dropSubscriptions();
      await vi.waitFor(() => expect(resyncs()).toBe(outage), { timeout: 5000 });
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    sending = false;
    await Promise.all(senders);
    const last = Math.max(...acked);
    await vi.waitFor(() =>
      expect(b.events.some((e) => e.type === 'new_message' && e.message.seq === last)).toBe(true),
    );

    // The web client's rule (catchUpCachedChannels): on resync, fetch what came after the
    // last seq it had seen. A message missed live is recovered only if it is past that mark.
    const live = new Set<number>();
    const marks: number[] = [];
    let lastSeen = 0;
    for (const e of b.events) {
      if (e.type === 'new_message' && e.channelId === channel.id) {
        live.add(e.message.seq);
        lastSeen = Math.max(lastSeen, e.message.seq);
      } else if (e.type === 'resync') marks.push(lastSeen);
    }
    const lost = acked.filter((seq) => !live.has(seq) && !marks.some((mark) => seq > mark));
    expect(marks.length).toBe(3);
    expect(lost).toEqual([]);
  });
});

describe('the Redis presence store', () => {
  const redis = new Redis(REDIS_URL);
  const storePrefix = `${prefix}-store`;
  afterAll(() => redis.disconnect());

  it('counts a user online while any live node has them, and reaps a crashed node', async () => {
    const ttl = 300;
    const one = new RedisPresenceStore(redis, storePrefix, 'node-one', ttl);
    const two = new RedisPresenceStore(redis, storePrefix, 'node-two', ttl);
    await one.beat();
    await two.beat();
    expect(await one.nodeJoined('u1')).toBe(true);
    expect(await two.nodeJoined('u1')).toBe(false);
    expect(await one.nodeLeft('u1')).toBe(false);
    expect(await one.nodeJoined('u2')).toBe(true);
    expect([...(await two.connected(['u1', 'u2', 'u3']))].sort()).toEqual(['u1', 'u2']);

    // Node one stops beating (a crash): once its entry is older than the TTL, node two reaps
    // it and reports the users only node one had.
    const orphans: string[] = [];
    const deadline = Date.now() + 3000;
    while (orphans.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      orphans.push(...(await two.beat()));
    }
    expect(orphans).toEqual(['u2']);
    expect([...(await two.connected(['u1', 'u2']))]).toEqual(['u1']);
    const keys = await redis.keys(`${storePrefix}:presence:node:node-one`);
    expect(keys).toEqual([]);
    await two.close();
  });
});
