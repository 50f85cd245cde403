/**
 * Deterministic tests of the hub with fake sockets (the in-memory socket pair of
 * docs/architecture.md): batching, fan-out, the topic index, several nodes on one memory bus. The
 * chat features' registrations run on it over an in-memory world (server/test/realtime-world.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserStatus } from '#shared/limits';
import {
  CLOSE_POLICY_VIOLATION,
  CLOSE_SERVICE_RESTART,
  CLOSE_SESSION_ENDED,
  type ServerEvent,
} from '#shared/protocol';
import {
  buildWorldHub,
  channelConnections,
  channelDeleted,
  FakeSocket,
  listensTo,
  memberAdded,
  memberRemoved,
  onSend,
  openSocket,
  SlowSocket,
  toChannel,
  type World,
  type WorldOptions,
  world,
} from '../../test/realtime-world';
import {
  classifyStoreError,
  STORE_AWAY_MESSAGE,
  STORE_AWAY_RETRY_SECONDS,
} from '../db/store-unavailable';
import { HttpError } from '../lib/errors';
import { MemoryBroker, MemoryBus } from './broker-memory';
import type { Hub } from './hub';

/** One socket per user, opened and settled, with what the connections wrote forgotten. */
async function connectAll(hub: Hub, users: string[], make: () => FakeSocket) {
  const sockets: FakeSocket[] = [];
  for (const u of users) {
    const socket = make();
    await openSocket(hub, socket, `s-${u}`, u).ready;
    sockets.push(socket);
  }
  await settle();
  for (const s of sockets) s.writes.length = 0;
  return sockets;
}

/** The end of the current event-loop turn: batches are flushed. */
const turn = () => new Promise((resolve) => setImmediate(resolve));
const settle = async () => {
  for (let i = 0; i < 5; i++) await turn();
};

const hubs: Hub[] = [];
function buildHub(w: World, bus = new MemoryBus(), extra: WorldOptions = {}) {
  const hub = buildWorldHub(w, bus, extra);
  hubs.push(hub);
  return hub;
}

async function connect(hub: Hub, userId: string, sessionId = `s-${userId}`) {
  const socket = new FakeSocket();
  const conn = openSocket(hub, socket, sessionId, userId);
  await conn.ready;
  await settle();
  socket.writes.length = 0;
  return { socket, conn };
}

const message = (channelId: string, seq: number): ServerEvent =>
  ({ type: 'new_message', channelId, seq, message: { id: `m${seq}` } }) as never;

afterEach(async () => {
  for (const hub of hubs.splice(0)) await hub.close();
  vi.restoreAllMocks();
});

/** Two started hubs on one bus: two nodes, seeing `first` and `second` (the same by default). */
async function twoNodes(first: World, second: World = first) {
  const bus = new MemoryBus();
  const one = buildHub(first, bus);
  const two = buildHub(second, bus);
  await one.start();
  await two.start();
  return [one, two] as const;
}

/** A status store whose writes can be held (hold() returns the release): what was saved, in order. */
function heldStatusStore(w: ReturnType<typeof world>) {
  const saves: string[] = [];
  let held = Promise.resolve();
  return {
    saves,
    hold(): () => void {
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = resolve;
      });
      return release;
    },
    saveStatus: async (userId: string, status: UserStatus) => {
      saves.push(`${userId}:${status}`);
      await held;
      w.statuses.set(userId, status);
    },
  };
}

describe('writes', () => {
  it('sends N events queued in one turn as ONE write, a JSON array in order', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket } = await connect(hub, 'alice');
    for (let seq = 1; seq <= 50; seq++) await toChannel(hub, 'c1', message('c1', seq));
    expect(socket.writes).toEqual([]);
    await turn();
    expect(socket.writes).toHaveLength(1);
    expect(JSON.parse(socket.writes[0] as string)).toHaveLength(50);
    expect(socket.events.map((e) => (e as { seq: number }).seq)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });

  it('sends a lone event as a plain object', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket } = await connect(hub, 'alice');
    await toChannel(hub, 'c1', message('c1', 1));
    await turn();
    expect(JSON.parse(socket.writes[0] as string)).toMatchObject({ type: 'new_message', seq: 1 });
  });

  it('serializes an event once per broadcast, not once per socket', async () => {
    const hub = buildHub(world({ c1: ['a', 'b', 'c', 'd'] }));
    await hub.start();
    const sockets = await Promise.all(['a', 'b', 'c', 'd'].map((u) => connect(hub, u)));
    const stringify = vi.spyOn(JSON, 'stringify');
    await toChannel(hub, 'c1', message('c1', 1));
    await turn();
    const eventCalls = stringify.mock.calls.filter(
      ([v]) => (v as ServerEvent).type === 'new_message',
    );
    expect(eventCalls).toHaveLength(1);
    for (const { socket } of sockets) expect(socket.types()).toEqual(['new_message']);
  });

  it('spreads a large fan-out over several turns and keeps each socket in order', async () => {
    const users = Array.from({ length: 2500 }, (_, i) => `u${i}`);
    const hub = buildHub(world({ big: users }), new MemoryBus(), {
      chunkSize: 1000,
      flushBudgetMs: Number.POSITIVE_INFINITY,
    });
    await hub.start();
    const sockets = await connectAll(hub, users, () => new FakeSocket());

    await toChannel(hub, 'big', message('big', 1));
    await toChannel(hub, 'big', message('big', 2));
    expect(hub.outbox.backlog).toBeGreaterThan(0);
    await settle();
    expect(hub.outbox.backlog).toBe(0);
    for (const s of sockets) {
      expect(s.events.map((e) => (e as { seq: number }).seq)).toEqual([1, 2]);
    }
  });

  it('yields the loop when writing takes longer than the flush budget, losing nothing', async () => {
    const users = Array.from({ length: 200 }, (_, i) => `u${i}`);
    const hub = buildHub(world({ big: users }), new MemoryBus(), { flushBudgetMs: 5 });
    await hub.start();
    const sockets = await connectAll(hub, users, () => new SlowSocket());

    await toChannel(hub, 'big', message('big', 1));
    await toChannel(hub, 'big', message('big', 2));
    await turn();
    // 200 writes of 0.5 ms each cannot fit in one 5 ms turn: some sockets are still waiting.
    const written = sockets.filter((s) => s.writes.length > 0).length;
    expect(written).toBeGreaterThan(0);
    expect(written).toBeLessThan(200);
    const seqs = (s: FakeSocket) =>
      s.events.filter((e) => e.type === 'new_message').map((e) => (e as { seq: number }).seq);
    for (let i = 0; i < 100 && sockets.some((s) => seqs(s).length < 2); i++) await turn();
    for (const s of sockets) {
      // Both events, in order, and in the same write.
      expect(seqs(s)).toEqual([1, 2]);
      expect(s.writes.filter((w) => w.includes('"new_message"'))).toHaveLength(1);
    }
  });

  it('drops a socket that cannot keep up instead of buffering without end', async () => {
    const hub = buildHub(world({ c1: ['alice'] }), new MemoryBus(), { maxBufferedBytes: 1000 });
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    socket.bufferedAmount = 10_000;
    await toChannel(hub, 'c1', message('c1', 1));
    await turn();
    expect(socket.terminated).toBe(true);
    expect(conn.closed).toBe(true);
    expect(hub.index.userConnections('alice').size).toBe(0);
  });
});

describe('the membership index', () => {
  it('subscribes a socket to every channel of its user, whichever is open', async () => {
    const hub = buildHub(world({ c1: ['alice'], c2: ['alice'], c3: ['bob'] }));
    await hub.start();
    const { socket } = await connect(hub, 'alice');
    await toChannel(hub, 'c1', message('c1', 1));
    await toChannel(hub, 'c2', message('c2', 1));
    await toChannel(hub, 'c3', message('c3', 1));
    await turn();
    expect(socket.events.map((e) => (e as { channelId: string }).channelId)).toEqual(['c1', 'c2']);
  });

  it('memberAdded, memberRemoved and channelDeleted take effect at once', async () => {
    const w = world({ c1: ['alice'] });
    const hub = buildHub(w);
    await hub.start();
    const { socket } = await connect(hub, 'bob');
    await memberAdded(hub, 'c1', 'bob');
    await toChannel(hub, 'c1', message('c1', 1));
    await memberRemoved(hub, 'c1', 'bob');
    await toChannel(hub, 'c1', message('c1', 2));
    await memberAdded(hub, 'c1', 'bob');
    await channelDeleted(hub, 'c1');
    await toChannel(hub, 'c1', message('c1', 3));
    await turn();
    expect(socket.events.map((e) => (e as { seq: number }).seq)).toEqual([1]);
    expect(channelConnections(hub, 'c1').size).toBe(0);
  });

  it('a removal while a socket is still loading its channels is not undone by the load', async () => {
    const w = world({ c1: ['bob'] });
    let release!: () => void;
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const hub = buildHub(w, new MemoryBus(), {
      loadChannelIds: async () => {
        await gate;
        return ['c1']; // read before the removal committed
      },
    });
    await hub.start();
    const socket = new FakeSocket();
    const conn = openSocket(hub, socket, 's', 'bob');
    await memberRemoved(hub, 'c1', 'bob');
    release();
    await conn.ready;
    expect(listensTo(conn, 'c1')).toBe(false);
  });

  it('typing goes to the other members viewing the channel only; a non-member gets an error', async () => {
    const hub = buildHub(world({ c1: ['alice', 'bob', 'carol'], c2: ['carol'] }));
    await hub.start();
    const a = await connect(hub, 'alice');
    const b = await connect(hub, 'bob');
    const e = await connect(hub, 'eve');
    // Carol has c1 open on one socket, then moves it to c2; her other socket opens nothing.
    const c = await connect(hub, 'carol');
    const idle = await connect(hub, 'carol');
    const join = (conn: typeof a, channelId: string) =>
      hub.handleFrame(conn.conn, JSON.stringify({ type: 'join_channel', channelId }));
    await join(a, 'c1');
    await join(b, 'c1');
    await join(c, 'c1');
    await join(c, 'c2');
    await hub.handleFrame(
      a.conn,
      JSON.stringify({ type: 'typing', channelId: 'c1', isTyping: true }),
    );
    await hub.handleFrame(
      e.conn,
      JSON.stringify({ type: 'typing', channelId: 'c1', isTyping: true }),
    );
    await hub.handleFrame(e.conn, JSON.stringify({ type: 'join_channel', channelId: 'c1' }));
    await turn();
    expect(b.socket.events.filter((ev) => ev.type === 'typing_update')).toMatchObject([
      { type: 'typing_update', channelId: 'c1', isTyping: true, user: { userId: 'alice' } },
    ]);
    expect(a.socket.types()).toEqual(['joined']);
    expect(e.socket.types()).toEqual(['error', 'error']);
    expect(c.socket.types()).toEqual(['joined', 'joined']);
    expect(idle.socket.types()).toEqual([]);

    // Back on c1, Carol hears it again; a removed member's view hears nothing.
    await join(c, 'c1');
    await memberRemoved(hub, 'c1', 'bob');
    await hub.handleFrame(
      a.conn,
      JSON.stringify({ type: 'typing', channelId: 'c1', isTyping: false }),
    );
    await turn();
    expect(c.socket.events.filter((ev) => ev.type === 'typing_update')).toMatchObject([
      { type: 'typing_update', channelId: 'c1', isTyping: false, user: { userId: 'alice' } },
    ]);
    expect(b.socket.events.filter((ev) => ev.type === 'typing_update')).toHaveLength(1);
  });

  it('refuses an auth frame naming someone else and closes with 1008 after the error', async () => {
    const hub = buildHub(world({}));
    await hub.start();
    const { socket } = await connect(hub, 'alice');
    await hub.handleFrame(
      hub.index.connections()[0]!,
      JSON.stringify({ type: 'auth', userId: 'bob' }),
    );
    expect(socket.types()).toEqual(['error']);
    expect(socket.closedWith).toBe(CLOSE_POLICY_VIOLATION);
  });

  it('keeps frames sent before the subscriptions are loaded and answers them after `ready`', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const socket = new FakeSocket();
    const conn = openSocket(hub, socket, 's', 'alice');
    void hub.handleFrame(conn, JSON.stringify({ type: 'join_channel', channelId: 'c1' }));
    await conn.ready;
    await turn();
    expect(socket.types()).toEqual(['ready', 'joined']);
  });
});

describe('send_message', () => {
  const sendFrame = (clientId: string, content = clientId) =>
    JSON.stringify({ type: 'send_message', channelId: 'c1', clientId, message: { content } });

  it("stores one socket's sends one after the other, in arrival order, answering each", async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    const started: string[] = [];
    let release: () => void = () => {};
    onSend(hub, async ({ clientId }) => {
      started.push(clientId);
      // The first send is slow (a mention look-up, say): the second must wait for it.
      if (clientId === 'a') await new Promise<void>((resolve) => (release = resolve));
      return { message: { id: clientId } as never, created: true };
    });
    void hub.handleFrame(conn, sendFrame('a'));
    void hub.handleFrame(conn, sendFrame('b'));
    await settle();
    expect(started).toEqual(['a']);
    release();
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect(socket.events.map((e) => e.type === 'message_ack' && e.clientId)).toEqual(['a', 'b']);
  });

  it('answers a refused send with its status and message, and a lost session by closing', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    onSend(hub, async ({ clientId }) => {
      if (clientId === 'gone') throw new HttpError(401, 'Vous devez être connecté');
      throw new HttpError(400, 'Le message est vide', { content: ['vide'] });
    });
    await hub.handleFrame(conn, sendFrame('empty'));
    await settle();
    expect(socket.events).toEqual([
      {
        type: 'message_rejected',
        clientId: 'empty',
        channelId: 'c1',
        status: 400,
        message: 'Le message est vide',
        errors: { content: ['vide'] },
      },
    ]);
    expect(socket.closedWith).toBeNull();
    await hub.handleFrame(conn, sendFrame('gone'));
    await settle();
    expect(socket.events.at(-1)).toMatchObject({ type: 'message_rejected', status: 401 });
    expect(socket.closedWith).toBe(CLOSE_SESSION_ENDED);
  });

  it('an unexpected failure is a 500 for that send only, not a dead socket', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    onSend(hub, async ({ clientId }) => {
      if (clientId === 'bad') throw new Error('the store went away');
      return { message: { id: clientId } as never, created: true };
    });
    void hub.handleFrame(conn, sendFrame('bad'));
    void hub.handleFrame(conn, sendFrame('good'));
    await settle();
    expect(socket.events.map((e) => e.type)).toEqual(['message_rejected', 'message_ack']);
    expect(socket.events[0]).toMatchObject({ status: 500 });
  });

  it('the store away is a 503 with its retry hint, also for the sends waiting behind, never a 500', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    const tried: string[] = [];
    let away = true;
    onSend(hub, async ({ clientId }) => {
      tried.push(clientId);
      // What the gated client throws when PostgreSQL restarts (db/store-unavailable.ts).
      if (away)
        throw classifyStoreError(
          Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
        );
      return { message: { id: clientId } as never, created: true };
    });
    for (const clientId of ['a', 'b', 'c']) void hub.handleFrame(conn, sendFrame(clientId));
    await settle();
    // One send tried the store; the two waiting behind it get the same answer at once.
    expect(tried).toEqual(['a']);
    expect(socket.events).toEqual(
      ['a', 'b', 'c'].map((clientId) => ({
        type: 'message_rejected',
        clientId,
        channelId: 'c1',
        status: 503,
        message: STORE_AWAY_MESSAGE,
        retryAfterMs: STORE_AWAY_RETRY_SECONDS * 1000,
      })),
    );
    // A send after the refusal (the client's resend) tries the store again.
    away = false;
    await hub.handleFrame(conn, sendFrame('a'));
    await settle();
    expect(tried).toEqual(['a', 'a']);
    expect(socket.events.at(-1)).toMatchObject({ type: 'message_ack', clientId: 'a' });
  });

  it('refuses a flood past 100 sends waiting for the store with 429, and takes sends again after', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    let release: () => void = () => {};
    const store = new Promise<void>((resolve) => (release = resolve));
    onSend(hub, async ({ clientId }) => {
      await store;
      return { message: { id: clientId } as never, created: true };
    });
    for (let i = 0; i < 105; i++) void hub.handleFrame(conn, sendFrame(`m${i}`));
    await settle();
    const refused = socket.events.filter((e) => e.type === 'message_rejected');
    expect(refused.map((e) => e.type === 'message_rejected' && [e.clientId, e.status])).toEqual(
      [100, 101, 102, 103, 104].map((i) => [`m${i}`, 429]),
    );
    release();
    await settle();
    expect(socket.events.filter((e) => e.type === 'message_ack')).toHaveLength(100);
    await hub.handleFrame(conn, sendFrame('later'));
    await settle();
    expect(socket.events.at(-1)).toMatchObject({ type: 'message_ack', clientId: 'later' });
  });

  it('never drops a send made while the socket loads: past the pending limit it answers 429', async () => {
    const hub = buildHub(world({ c1: ['alice'] }));
    await hub.start();
    onSend(hub, async ({ clientId }) => ({ message: { id: clientId } as never, created: true }));
    const socket = new FakeSocket();
    const conn = openSocket(hub, socket, 's', 'alice');
    for (let i = 0; i < 60; i++) void hub.handleFrame(conn, sendFrame(`m${i}`));
    await conn.ready;
    await settle();
    const answers = socket.events.filter(
      (e) => e.type === 'message_ack' || e.type === 'message_rejected',
    );
    expect(answers).toHaveLength(60);
    const acked = answers.filter((e) => e.type === 'message_ack');
    const refused = answers.filter((e) => e.type === 'message_rejected');
    expect(acked).toHaveLength(50);
    expect(refused).toHaveLength(10);
    expect(refused.every((e) => e.type === 'message_rejected' && e.status === 429)).toBe(true);
  });
});

describe('several nodes on one bus', () => {
  it('carries events and membership changes to the other node, in order', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const [one, two] = await twoNodes(w);
    const bob = await connect(two, 'bob');
    const carol = await connect(two, 'carol');
    await toChannel(one, 'c1', message('c1', 1));
    await memberRemoved(one, 'c1', 'bob');
    await memberAdded(one, 'c1', 'carol');
    await toChannel(one, 'c1', message('c1', 2));
    await settle();
    expect(bob.socket.events.map((e) => (e as { seq: number }).seq)).toEqual([1]);
    expect(carol.socket.events.map((e) => (e as { seq: number }).seq)).toEqual([2]);
  });

  it('shared notes reach every node, this one at once; toTopic may share its event too', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const [one, two] = await twoNodes(w);
    const seen: Array<[string, unknown]> = [];
    one.onShared('drafts', (note) => seen.push(['one', note]));
    two.onShared('drafts', (note) => seen.push(['two', note]));
    const bob = await connect(two, 'bob');

    const shared = one.share('drafts', { n: 1 });
    // This node's handlers ran before the call returned; the other node's come by the bus.
    expect(seen).toEqual([['one', { n: 1 }]]);
    await shared;
    await toChannel(one, 'c1', message('c1', 1));
    await one.toTopic('c1:nobody', message('c1', 2), { share: 'drafts' });
    await settle();
    const on = (node: string) => seen.filter(([n]) => n === node).map(([, note]) => note);
    expect(on('one')).toEqual([{ n: 1 }, message('c1', 2)]);
    expect(on('two')).toEqual([{ n: 1 }, message('c1', 2)]);
    // The notes reached no socket; the event went to its topic's listeners only.
    expect(bob.socket.events.map((e) => (e as { seq: number }).seq)).toEqual([1]);
  });

  it('toEach: each user gets their own event on every node, in one broker message', async () => {
    const bus = new MemoryBus();
    const published: string[] = [];
    const publish = MemoryBroker.prototype.publish;
    vi.spyOn(MemoryBroker.prototype, 'publish').mockImplementation(function (
      this: MemoryBroker,
      raw: string,
    ) {
      published.push(raw);
      publish.call(this, raw);
    });
    const w = world({});
    const one = buildHub(w, bus);
    const two = buildHub(w, bus);
    await one.start();
    await two.start();
    const alice = await connect(one, 'alice');
    const bob = await connect(two, 'bob');
    const bobAgain = await connect(one, 'bob', 's-bob-2');
    published.length = 0;
    await one.toEach(
      ['alice', 'bob', 'carol'].map((userId, seq) => ({ userId, event: message(userId, seq) })),
    );
    await settle();
    expect(published).toHaveLength(1);
    const seqs = (socket: typeof alice.socket) =>
      socket.events.map((e) => [
        (e as { channelId: string }).channelId,
        (e as { seq: number }).seq,
      ]);
    expect(seqs(alice.socket)).toEqual([['alice', 0]]);
    expect(seqs(bob.socket)).toEqual([['bob', 1]]);
    expect(seqs(bobAgain.socket)).toEqual([['bob', 1]]);
  });

  it("sessionEnded closes that session's sockets on every node", async () => {
    const [one, two] = await twoNodes(world({}), world({}));
    const mine = await connect(two, 'alice', 'sid-1');
    const other = await connect(two, 'alice', 'sid-2');
    await one.sessionEnded('sid-1');
    await settle();
    expect(mine.socket.closedWith).toBe(CLOSE_SESSION_ENDED);
    expect(other.socket.closedWith).toBeNull();
  });

  it('presence: online on the first socket anywhere, offline after the last one anywhere', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const [one, two] = await twoNodes(w);
    const alice = await connect(one, 'alice');
    await one.watchPresence(alice.conn, ['bob']);
    const bobOn1 = await connect(one, 'bob');
    const bobOn2 = await connect(two, 'bob');
    await one.presence.settled();
    await two.presence.settled();
    await settle();
    const bobUpdates = () =>
      alice.socket.events
        .filter((e) => e.type === 'presence_update' && e.userId === 'bob')
        .map((e) => (e as { status: string }).status);
    expect(bobUpdates()).toEqual(['online']);
    two.closed(bobOn2.conn);
    await two.presence.settled();
    await settle();
    expect(bobUpdates()).toEqual(['online']);
    one.closed(bobOn1.conn);
    await one.presence.settled();
    await settle();
    expect(bobUpdates()).toEqual(['online', 'offline']);
    expect(w.statuses.get('bob')).toBe('offline');
    expect((await one.presenceOf(['alice', 'bob'])).get('bob')).toBe('offline');
  });

  it('presence: away after inactivity, online again on the next frame', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const hub = buildHub(w, new MemoryBus(), { awayAfterMs: 1000 });
    await hub.start();
    const alice = await connect(hub, 'alice');
    await hub.watchPresence(alice.conn, ['bob']);
    const bob = await connect(hub, 'bob');
    await hub.presence.settled();
    await hub.presence.tick(Date.now() + 5000);
    await hub.presence.settled();
    expect(w.statuses.get('bob')).toBe('away');
    await hub.handleFrame(bob.conn, JSON.stringify({ type: 'join_channel', channelId: 'c1' }));
    await hub.presence.settled();
    await settle();
    expect(w.statuses.get('bob')).toBe('online');
    const statuses = alice.socket.events
      .filter((e) => e.type === 'presence_update' && e.userId === 'bob')
      .map((e) => (e as { status: string }).status);
    expect(statuses.slice(-2)).toEqual(['away', 'online']);
  });

  it('presence: a user who chose away (or to appear offline) connects with that status', async () => {
    const w = world({ c1: ['alice', 'bob', 'carol'] });
    w.chosen = new Map([
      ['bob', 'away'],
      ['carol', 'offline'],
    ]);
    const hub = buildHub(w);
    await hub.start();
    const alice = await connect(hub, 'alice');
    await hub.watchPresence(alice.conn, ['bob', 'carol']);
    await connect(hub, 'bob');
    await connect(hub, 'carol');
    await hub.presence.settled();
    await settle();
    const updates = (userId: string) =>
      alice.socket.events
        .filter((e) => e.type === 'presence_update' && e.userId === userId)
        .map((e) => (e as { status: string }).status);
    expect(updates('bob')).toEqual(['away']);
    expect(updates('carol')).toEqual(['offline']);
    expect((await hub.presenceOf(['bob', 'carol'])).get('bob')).toBe('away');
  });

  it('presence: a status re-sent as it is shown is neither written nor announced again', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const saves: string[] = [];
    const hub = buildHub(w, new MemoryBus(), {
      saveStatus: async (userId, status) => void saves.push(`${userId}:${status}`),
    });
    await hub.start();
    const alice = await connect(hub, 'alice');
    await hub.watchPresence(alice.conn, ['bob']);
    const bob = await connect(hub, 'bob');
    await hub.presence.settled();
    saves.length = 0;
    alice.socket.writes.length = 0;
    const presence = (status: string) => JSON.stringify({ type: 'presence', status });
    for (const status of ['online', 'online', 'away', 'away', 'online']) {
      await hub.handleFrame(bob.conn, presence(status));
    }
    await hub.setStatus('bob', 'online');
    await hub.presence.settled();
    await settle();
    expect(saves).toEqual(['bob:away', 'bob:online']);
    const updates = alice.socket.events.filter((e) => e.type === 'presence_update');
    expect(updates.map((e) => (e as { status: string }).status)).toEqual(['away', 'online']);
  });

  it('presence: frames and setStatus return without waiting for the write', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const store = heldStatusStore(w);
    const release = store.hold();
    const hub = buildHub(w, new MemoryBus(), { saveStatus: store.saveStatus });
    const { saves } = store;
    await hub.start();
    const alice = await connect(hub, 'alice');
    await hub.watchPresence(alice.conn, ['bob']);
    const bob = await connect(hub, 'bob');
    // Both first transitions wait on the store; the frame and the REST call do not.
    await hub.handleFrame(bob.conn, JSON.stringify({ type: 'presence', status: 'away' }));
    await hub.setStatus('alice', 'away');
    expect(alice.socket.events.filter((e) => e.type === 'presence_update')).toEqual([]);
    release();
    await hub.presence.settled();
    await settle();
    expect(w.statuses.get('bob')).toBe('away');
    expect(saves.filter((s) => s.startsWith('bob:'))).toEqual(['bob:online', 'bob:away']);
  });

  it('presence: sockets that come and go while the chain waits on the store write nothing more', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const store = heldStatusStore(w);
    const hub = buildHub(w, new MemoryBus(), { saveStatus: store.saveStatus });
    const { saves } = store;
    await hub.start();
    const alice = await connect(hub, 'alice');
    await hub.watchPresence(alice.conn, ['bob']);
    await hub.presence.settled();
    saves.length = 0;
    const release = store.hold();
    // Bob comes online (the write waits), then reloads his tab five times meanwhile.
    let bob = openSocket(hub, new FakeSocket(), 's-bob', 'bob');
    await bob.ready;
    for (let i = 0; i < 5; i++) {
      hub.closed(bob);
      bob = openSocket(hub, new FakeSocket(), 's-bob', 'bob');
      await bob.ready;
    }
    release();
    await hub.presence.settled();
    hub.closed(bob);
    await hub.presence.settled();
    await settle();
    expect(saves).toEqual(['bob:online', 'bob:offline']);
    const updates = alice.socket.events.filter(
      (e) => e.type === 'presence_update' && e.userId === 'bob',
    );
    expect(updates.map((e) => (e as { status: string }).status)).toEqual(['online', 'offline']);
  });

  it('presence goes to the sockets watching the person, not to every co-member', async () => {
    const w = world({ c1: ['alice', 'bob', 'carol'], c2: ['bob', 'dave'] });
    const [one, two] = await twoNodes(w);
    const alice = await connect(one, 'alice');
    const carol = await connect(two, 'carol');
    const dave = await connect(two, 'dave');
    await one.watchPresence(alice.conn, ['bob']);
    await two.watchPresence(dave.conn, ['bob', 'alice']);
    const bob = await connect(two, 'bob');
    await two.presence.settled();
    await settle();
    const updates = (who: { socket: FakeSocket }, userId: string) =>
      who.socket.events
        .filter((e) => e.type === 'presence_update' && e.userId === userId)
        .map((e) => (e as { status: string }).status);
    // Alice watches Bob from the other node; Carol shares c1 with him but shows him nowhere.
    expect(updates(alice, 'bob')).toEqual(['online']);
    expect(updates(carol, 'bob')).toEqual([]);
    expect(updates(dave, 'bob')).toEqual(['online']);
    // Dave shares no channel with Alice: he may not watch her.
    expect(updates(dave, 'alice')).toEqual([]);
    const state = dave.socket.events.find((e) => e.type === 'presence_state');
    expect(state).toEqual({ type: 'presence_state', statuses: { bob: 'offline' } });

    // A watch replaces the previous one: Alice stops watching Bob.
    await one.watchPresence(alice.conn, []);
    await two.handleFrame(bob.conn, JSON.stringify({ type: 'presence', status: 'away' }));
    await two.presence.settled();
    await settle();
    expect(updates(alice, 'bob')).toEqual(['online']);
    expect(updates(dave, 'bob')).toEqual(['online', 'away']);
    expect(one.watchers.watching('bob').size).toBe(0);
  });

  it('presence_state answers the statuses now; a recheck drops those no longer visible', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const [one, two] = await twoNodes(w);
    const bob = await connect(two, 'bob');
    await two.handleFrame(bob.conn, JSON.stringify({ type: 'presence', status: 'away' }));
    await two.presence.settled();
    await settle();
    const alice = await connect(one, 'alice');
    await one.watchPresence(alice.conn, ['bob', 'alice']);
    await settle();
    expect(alice.socket.events.find((e) => e.type === 'presence_state')).toEqual({
      type: 'presence_state',
      statuses: { bob: 'away', alice: 'online' },
    });
    // Alice leaves c1 (on node two): her sockets on node one stop watching Bob.
    w.members.get('c1')?.delete('alice');
    await two.recheckPresence('alice');
    await settle();
    expect(one.watchers.of(alice.conn).size).toBe(0);
    await two.handleFrame(bob.conn, JSON.stringify({ type: 'presence', status: 'online' }));
    await two.presence.settled();
    await settle();
    expect(
      alice.socket.events.filter((e) => e.type === 'presence_update' && e.userId === 'bob'),
    ).toEqual([]);
  });

  it('drain: sockets closed with 1012 after what is queued, late ones at once, and their users kept online for the nodes they reconnect to', async () => {
    const w = world({ c1: ['alice', 'bob'] });
    const [one, two] = await twoNodes(w);
    const alice = await connect(two, 'alice');
    await two.watchPresence(alice.conn, ['bob']);
    const bob = await connect(one, 'bob');
    await one.presence.settled();
    await settle();

    await toChannel(one, 'c1', message('c1', 1));
    expect(one.drain()).toBe(1);
    expect(bob.socket.closedWith).toBe(CLOSE_SERVICE_RESTART);
    expect(bob.socket.events.map((e) => e.type)).toContain('new_message');
    expect(one.stats.sockets).toBe(0);
    const late = new FakeSocket();
    openSocket(one, late, 's-carol', 'carol');
    expect(late.closedWith).toBe(CLOSE_SERVICE_RESTART);
    expect(one.stats.sockets).toBe(0);

    // Bob is back on node two before node one closes: he never showed offline.
    await connect(two, 'bob');
    await one.close();
    await two.presence.settled();
    await settle();
    const bobUpdates = alice.socket.events
      .filter((e) => e.type === 'presence_update' && e.userId === 'bob')
      .map((e) => (e as { status: string }).status);
    expect(bobUpdates).toEqual(['online']);
    expect(w.statuses.get('bob')).toBe('online');
  });

  it('heartbeat: a socket that did not answer the last ping is terminated', async () => {
    const hub = buildHub(world({}));
    await hub.start();
    const { socket, conn } = await connect(hub, 'alice');
    hub.heartbeat();
    expect(socket.pings).toBe(1);
    hub.heartbeat();
    expect(socket.terminated).toBe(true);
    expect(conn.closed).toBe(true);
  });
});
