/**
 * Real WebSocket clients for the realtime tests: connect like the web app (session cookie,
 * own Origin), collect every event, and wait for frames instead of sleeping.
 */
import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import WebSocket from 'ws';
import type { Channel } from '#shared/channels';
import type { Message } from '#shared/messages';
import type { ClientFrame, ServerEvent } from '#shared/protocol';
import { parseServerFrame } from '#shared/protocol/read-frame';
import type { TestClient } from './client';
import { type Actor, buildUser } from './factories';
import type { TestServer } from './server';

export class TestSocket {
  readonly events: ServerEvent[] = [];
  /** How many WebSocket messages arrived (a batch counts once). */
  messages = 0;
  readonly closed: Promise<{ code: number; reason: string }>;
  private readonly waiters = new Set<() => void>();
  private consumed = 0;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages++;
      this.events.push(...parseServerFrame(data.toString()));
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        for (const wake of this.waiters) wake();
      });
    });
  }

  /** Open a socket and wait for `ready` (subscriptions are live). */
  static async open(
    server: TestServer,
    client: TestClient,
    options: { origin?: string | null } = {},
  ): Promise<TestSocket> {
    const ws = await TestSocket.connect(server, client.cookieHeader, options.origin);
    const socket = new TestSocket(ws);
    await socket.next((e) => e.type === 'ready');
    return socket;
  }

  /** A socket without a session, let in by its headers (a scoped token); waits for `ready`. */
  static async openWithHeaders(
    server: TestServer,
    extra: Record<string, string>,
  ): Promise<TestSocket> {
    const headers = { ...extra, origin: server.url };
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
    // Listening before the upgrade completes: with nothing to load, `ready` may come with it.
    const socket = new TestSocket(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    await socket.next((e) => e.type === 'ready');
    return socket;
  }

  /** The upgrade alone: resolves with the socket, or rejects with the HTTP status. */
  static connect(server: TestServer, cookie: string, origin?: string | null): Promise<WebSocket> {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (origin !== null) headers.origin = origin ?? server.url;
    const ws = new WebSocket(`${server.url.replace('http', 'ws')}/ws`, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(ws));
      ws.once('unexpected-response', (_req, res) => {
        reject(
          Object.assign(new Error(`upgrade refused: ${res.statusCode}`), {
            status: res.statusCode,
          }),
        );
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  send(frame: ClientFrame): void {
    this.ws.send(JSON.stringify(frame));
  }

  /**
   * The first event after the previous `next` match that satisfies `predicate` (events
   * skipped on the way stay in `events`).
   */
  next<T extends ServerEvent = ServerEvent>(
    predicate: (event: ServerEvent) => boolean,
    timeoutMs = 5000,
  ): Promise<T> {
    return new Promise((resolve, reject) => {
      const check = () => {
        for (let i = this.consumed; i < this.events.length; i++) {
          const event = this.events[i] as ServerEvent;
          if (predicate(event)) {
            this.consumed = i + 1;
            cleanup();
            resolve(event as T);
            return;
          }
        }
        if (this.ws.readyState === WebSocket.CLOSED) {
          cleanup();
          reject(new Error('socket closed while waiting for an event'));
        }
      };
      const timer = setTimeout(() => {
        cleanup();
        reject(new Error(`no matching event within ${timeoutMs} ms; got ${this.describe()}`));
      }, timeoutMs);
      const cleanup = () => {
        clearTimeout(timer);
        this.waiters.delete(check);
      };
      this.waiters.add(check);
      check();
    });
  }

  /**
   * Show these people's presence (presence_watch, as the web client does for what it
   * displays); resolves with the statuses the server answered.
   */
  async watch(userIds: string[]): Promise<Record<string, string>> {
    this.send({ type: 'presence_watch', userIds });
    const state = await this.next((e) => e.type === 'presence_state');
    return (state as { statuses: Record<string, string> }).statuses;
  }

  /** Open the channel on this socket, as the web client does (join_channel), once answered. */
  async view(channelId: string): Promise<void> {
    this.send({ type: 'join_channel', channelId });
    await this.next((e) => e.type === 'joined' && e.channelId === channelId);
  }

  /** A round trip: every event sent to this socket before now has arrived after it. */
  async sync(): Promise<void> {
    this.send({ type: 'ping' });
    await this.next((e) => e.type === 'pong');
  }

  /** Events of one channel received so far. */
  ofChannel(channelId: string): ServerEvent[] {
    return this.events.filter((e) => 'channelId' in e && e.channelId === channelId);
  }

  describe(): string {
    return this.events.map((e) => e.type).join(', ') || '(nothing)';
  }

  close(): Promise<{ code: number; reason: string }> {
    this.ws.close();
    return this.closed;
  }
}

/**
 * `open(actor)` for a test file: a socket of the actor on the file's server, ready; every
 * socket it opened is terminated after the file's tests.
 */
export function socketOpener(server: () => TestServer) {
  const sockets: TestSocket[] = [];
  afterAll(() => {
    for (const socket of sockets) socket.ws.terminate();
  });
  return async (who: Pick<Actor, 'client'>): Promise<TestSocket> => {
    const socket = await TestSocket.open(server(), who.client);
    sockets.push(socket);
    return socket;
  };
}

// ── data through the REST API, as people make it ────────────────────────────────────────

export async function createChannel(owner: Actor, name = `canal-${randomUUID().slice(0, 6)}`) {
  const res = await owner.client.post<Channel>('/api/channels', { name, type: 'channel' });
  if (res.status !== 201)
    throw new Error(`create channel: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export async function joinChannel(actor: Actor, channelId: string): Promise<void> {
  const res = await actor.client.post(`/api/channels/${channelId}/join`);
  if (res.status >= 300) throw new Error(`join: ${res.status} ${JSON.stringify(res.body)}`);
}

export async function sendMessage(actor: Actor, channelId: string, content: string) {
  const res = await actor.client.post<Message>(`/api/channels/${channelId}/messages`, {
    content,
    clientId: randomUUID(),
  });
  if (res.status !== 201) throw new Error(`send: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const isEvent =
  <K extends ServerEvent['type']>(
    type: K,
    where: Partial<Extract<ServerEvent, { type: K }>> = {},
  ) =>
  (event: ServerEvent): boolean =>
    event.type === type &&
    Object.entries(where).every(([k, v]) => (event as Record<string, unknown>)[k] === v);

/**
 * Alice and Bob in one channel, Alice's socket open, and a matcher for Bob's presence as
 * her socket sees it: the set-up of the presence tests.
 */
export async function aliceWatchingBob(
  server: TestServer,
  open: (who: Pick<Actor, 'client'>) => Promise<TestSocket>,
) {
  const [alice, bob] = await Promise.all([buildUser(server), buildUser(server)]);
  const channel = await createChannel(alice);
  await joinChannel(bob, channel.id);
  const a = await open(alice);
  await a.watch([bob.user.id]);
  const forBob = (status: string) =>
    isEvent('presence_update', { userId: bob.user.id, status } as never);
  return { alice, bob, channel, a, forBob };
}
