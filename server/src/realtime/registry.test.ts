/**
 * The realtime registry from outside the hub, over real sockets: a test feature registers
 * a topic kind, its frames and a scoped identifier exactly as a new feature would
 * (docs/architecture.md: it adds its files and registers itself), and a guest-like socket
 * holding a token scoped to one topic is refused every other one.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ServerEvent } from '#shared/protocol';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createChannel, socketOpener, TestSocket } from '../../test/test-socket';
import type { AppContext } from '../context';
import { topicOf } from './identity';

// The test feature's own frames and events: outside the app's union, as a new feature's
// would be until it declares them in shared/protocol/.
type TestEvent =
  | { type: 'lobby_subscribed'; topic: string; ok: boolean }
  | { type: 'lobby_said'; topic: string; text: string; from: string };
const event = (e: TestEvent) => e as unknown as ServerEvent;
const asTest = (e: ServerEvent) => e as unknown as TestEvent;

const LOBBY = 'lobby';
const GUEST_HEADER = 'x-test-guest';

/** A feature registering itself with the realtime layer, from its own file. */
function registerLobbyFeature(_app: FastifyInstance, ctx: AppContext): void {
  const { realtime } = ctx;
  // Any identity may listen to an open lobby: only a scope can refuse a guest one.
  realtime.topicKind(LOBBY, { authorize: async (_identity, key) => key.startsWith('open-') });
  realtime.onAnyFrame(
    'lobby_subscribe',
    z.object({ type: z.literal('lobby_subscribe'), topic: z.string().max(200) }),
    async (socket, { topic }) => {
      const ok = await socket.subscribe(topic);
      socket.reply(event({ type: 'lobby_subscribed', topic, ok }));
    },
  );
  realtime.onAnyFrame(
    'lobby_say',
    z.object({ type: z.literal('lobby_say'), lobby: z.string(), text: z.string().max(100) }),
    async (socket, { lobby, text }) => {
      const topic = topicOf(LOBBY, lobby);
      if (!socket.isSubscribed(topic)) return socket.reply({ type: 'error', message: 'non' });
      const from = socket.identity.kind === 'user' ? socket.identity.userId : 'guest';
      await realtime.toTopic(topic, event({ type: 'lobby_said', topic, text, from }));
    },
  );
  // A guest's token names the one lobby it may enter.
  realtime.identifyScoped(
    async (request) => {
      const lobby = request.headers[GUEST_HEADER];
      if (typeof lobby !== 'string' || !lobby) return undefined;
      return { kind: 'scoped', subject: `guest-${lobby}`, topics: [topicOf(LOBBY, lobby)] };
    },
    { header: GUEST_HEADER },
  );
}

let server: TestServer;
let alice: Actor;
let bob: Actor;
const open = socketOpener(() => server);
const guests: TestSocket[] = [];

beforeAll(async () => {
  server = await startTestServer({ features: [registerLobbyFeature] });
  alice = await buildUser(server, { firstName: 'Alice' });
  bob = await buildUser(server, { firstName: 'Bob' });
});

afterAll(async () => {
  for (const guest of guests) guest.ws.terminate();
  await server?.close();
});

const send = (socket: TestSocket, frame: Record<string, unknown>) =>
  socket.ws.send(JSON.stringify(frame));

async function subscribe(socket: TestSocket, topic: string): Promise<boolean> {
  send(socket, { type: 'lobby_subscribe', topic });
  const answer = await socket.next((e) => {
    const t = asTest(e);
    return t.type === 'lobby_subscribed' && t.topic === topic;
  });
  return (asTest(answer) as { ok: boolean }).ok;
}

async function openGuest(lobby: string): Promise<TestSocket> {
  const guest = await TestSocket.openWithHeaders(server, { [GUEST_HEADER]: lobby });
  guests.push(guest);
  return guest;
}

describe('a topic kind and frames registered from outside the hub', () => {
  it('authorizes with the kind, fans out to the topic, and refuses what the kind refuses', async () => {
    const a = await open(alice);
    const b = await open(bob);
    expect(await subscribe(a, topicOf(LOBBY, 'open-1'))).toBe(true);
    expect(await subscribe(b, topicOf(LOBBY, 'open-1'))).toBe(true);
    expect(await subscribe(a, topicOf(LOBBY, 'closed-1'))).toBe(false);
    // A kind nobody registered is refused too.
    expect(await subscribe(a, 'nowhere:1')).toBe(false);

    send(a, { type: 'lobby_say', lobby: 'open-1', text: 'bonjour' });
    const heard = asTest(await b.next((e) => asTest(e).type === 'lobby_said'));
    expect(heard).toEqual({
      type: 'lobby_said',
      topic: topicOf(LOBBY, 'open-1'),
      text: 'bonjour',
      from: alice.user.id,
    });
  });

  it('answers a frame that fails its registered schema with an error', async () => {
    const a = await open(alice);
    send(a, { type: 'lobby_say', lobby: 'open-1', text: 'x'.repeat(101) });
    expect(await a.next((e) => e.type === 'error')).toEqual({
      type: 'error',
      message: 'Trame invalide',
    });
  });
});

describe('a scoped identity (a guest holding a token for one topic)', () => {
  it('connects without a session, listens to its topic, and talks with users there', async () => {
    const guest = await openGuest('open-2');
    const a = await open(alice);
    expect(await subscribe(a, topicOf(LOBBY, 'open-2'))).toBe(true);

    // Already listening: its scope is subscribed from the start.
    expect(await subscribe(guest, topicOf(LOBBY, 'open-2'))).toBe(true);
    send(guest, { type: 'lobby_say', lobby: 'open-2', text: 'coucou' });
    const heard = asTest(await a.next((e) => asTest(e).type === 'lobby_said'));
    expect(heard).toMatchObject({ text: 'coucou', from: 'guest' });

    send(a, { type: 'lobby_say', lobby: 'open-2', text: 'bienvenue' });
    // The guest heard its own words first: it listens to the lobby like anyone there.
    const back = asTest(
      await guest.next(
        (e) => asTest(e).type === 'lobby_said' && 'text' in e && e.text === 'bienvenue',
      ),
    );
    expect(back).toMatchObject({ text: 'bienvenue', from: alice.user.id });
  });

  it('is refused every other topic: another lobby the kind would grant, channels, users, sessions', async () => {
    const guest = await openGuest('open-3');
    const channel = await createChannel(alice);
    const refused = [
      topicOf(LOBBY, 'open-1'),
      topicOf('channel', channel.id),
      topicOf('user', alice.user.id),
      topicOf('user', 'guest-open-3'),
      topicOf('session', 'anything'),
      'nowhere:1',
    ];
    for (const topic of refused) expect(await subscribe(guest, topic)).toBe(false);
    // The same lobby a signed-in user may join.
    const a = await open(alice);
    expect(await subscribe(a, topicOf(LOBBY, 'open-1'))).toBe(true);
  });

  it('may not send the frames of signed-in users, and hears nothing of their channels', async () => {
    const guest = await openGuest('open-4');
    const channel = await createChannel(alice);
    for (const frame of [
      { type: 'join_channel', channelId: channel.id },
      { type: 'typing', channelId: channel.id, isTyping: true },
      { type: 'presence', status: 'away' },
      { type: 'send_message', channelId: channel.id, clientId: 'c1', message: { content: 'x' } },
    ]) {
      send(guest, frame);
      expect(await guest.next((e) => e.type === 'error')).toEqual({
        type: 'error',
        message: 'Trame non autorisée',
      });
    }
    const sent = await alice.client.post(`/api/channels/${channel.id}/messages`, {
      content: 'pour les membres',
    });
    expect(sent.status).toBe(201);
    await guest.sync();
    expect(guest.events.filter((e) => e.type === 'new_message')).toEqual([]);
  });

  it('is still refused without a token the identifiers accept', async () => {
    await expect(TestSocket.connect(server, '')).rejects.toMatchObject({ status: 401 });
  });
});
