import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { UserStatus } from '#shared/limits';
import {
  CLOSE_POLICY_VIOLATION,
  CLOSE_SERVICE_RESTART,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  CLOSE_TRY_LATER,
  type ServerEvent,
} from '#shared/protocol';
import { PresenceWatchFrameSchema } from '#shared/protocol/presence';
import { HttpError, storeRefusal } from '../lib/errors';

import { TokenBuckets } from '../lib/token-bucket';
import type { Broker, PresenceStore } from './broker';
import type { Log } from './broker-redis';
import { Connection, type RawSocket } from './connection';
import { decodeEnvelope, type Envelope, encodeEnvelope, type Route } from './envelope';
import {
  type Identity,
  type ScopedIdentity,
  SESSION_TOPIC,
  splitTopic,
  topicOf,
  USER_TOPIC,
  type UserIdentity,
  userTopic,
} from './identity';
import { LocalIndex } from './local-index';
import { Outbox } from './outbox';
import { PRESENCE_OFFLINE_GRACE_MS, Presence } from './presence';
import { PresenceWatchers } from './presence-watch';
import type {
  FrameHandler,
  FrameOptions,
  PresenceVisibility,
  Realtime,
  ScopedIdentifier,
  Socket,
  TokenCarrier,
  TopicKind,
} from './realtime';

export interface HubOptions {
  broker: Broker;
  presenceStore: PresenceStore;
  log: Log;
  /** The live status REST reads (users.status), written by presence while a user is connected. */
  saveStatus(userId: string, status: UserStatus): Promise<void>;
  loadStatuses(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  loadChosenStatus(userId: string): Promise<UserStatus>;
  resetStatuses(): Promise<void>;
  awayAfterMs?: number;
  /** A user's last socket closed: how long before they go offline (Presence). */
  offlineGraceMs?: number;
  /** Heartbeat period: ws pings, presence heartbeat and the away rule. */
  heartbeatMs?: number;
  chunkSize?: number;
  maxBufferedBytes?: number;
  /** See OutboxOptions. */
  flushBudgetMs?: number;
  /** Client frames one socket may send per second (a token bucket of twice that). */
  framesPerSecond?: number;
  /** Sockets one user may hold on this node at once. */
  maxSocketsPerUser?: number;
  /** A broker message from another node arrived this long (ms, by both clocks) after its publish. */
  onBrokerLag?: (ms: number) => void;
}

/** What GET /metrics reads of the hub: plain numbers, counted at no cost. */
export interface HubStats {
  sockets: number;
  framesIn: number;
  /** WebSocket messages written (a batch of events counts once). */
  framesOut: number;
  /** Events queued on sockets. */
  deliveries: number;
}

const HEARTBEAT_MS = 10_000;
/** A socket must answer a ping within this many heartbeats, or it is dropped. */
const PINGS_PER_HEARTBEAT = 3;

const MAX_PENDING_FRAMES = 50;
const FRAMES_PER_SECOND = 30;
const MAX_SOCKETS_PER_USER = 20;
/** Frames refused in a row before the socket is closed: a client that ignores 429s. */
const FLOOD_CLOSE_AFTER = 200;
const TOO_MANY_FRAMES = new HttpError(429, 'Trop de trames : ralentissez');
const TOO_MANY_PENDING = new HttpError(429, 'Trop de trames en attente : réessayez');

interface FrameEntry {
  schema: z.ZodType;
  handler: FrameHandler<Identity, unknown>;
  options: FrameOptions<Identity, unknown>;
  /** Signed-in users only (onFrame), or any identity (onAnyFrame). */
  anyIdentity: boolean;
}

const frame = (event: ServerEvent) => JSON.stringify(event);
const typeOf = (value: unknown): string | undefined =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string'
    ? (value as { type: string }).type
    : undefined;

/**
 * The realtime hub of one node: sockets, their topics, batching, fan-out through the
 * broker, presence mechanics — and the registry the features fill: client frames, topic
 * kinds, who may see whose presence (realtime.ts). It knows no feature by name.
 */
export class Hub implements Realtime {
  readonly index = new LocalIndex();
  readonly outbox: Outbox;
  readonly presence: Presence;
  private readonly frames = new Map<string, FrameEntry>();
  private readonly kinds = new Map<string, TopicKind>();
  private readonly visibilities: PresenceVisibility[] = [];
  /** Who each socket shows the presence of (presence_watch). */
  readonly watchers = new PresenceWatchers();
  private readonly identifiers: ScopedIdentifier[] = [];
  /** Where the scoped tokens come (upgrade-gate.ts refuses an upgrade that carries none). */
  readonly tokenCarriers: TokenCarrier[] = [];
  private readonly sharedHandlers = new Map<string, Array<(note: unknown) => void>>();
  private readonly sockets = new WeakMap<Connection, Socket>();
  /**
   * The sockets viewing each topic (Connection.viewing, inverted): an event for a topic's
   * viewers walks them, not every subscriber — the few viewers of a topic with 1,000
   * subscribers (docs/performance-log.md, capacity, "2026-11-28, 03:20").
   */
  private readonly viewers = new Map<string, Set<Connection>>();
  private readonly connectionOf = new WeakMap<Socket, Connection>();
  /** docs/security.md, finding 6: every socket's frames go through a token bucket. */
  private readonly frameLimit: TokenBuckets<Connection>;
  private readonly refusedInARow = new WeakMap<Connection, number>();
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private closing = false;
  /** The node is draining (SIGTERM): sockets were told to reconnect elsewhere. */
  private draining = false;
  private framesIn = 0;

  constructor(private readonly options: HubOptions) {
    const rate = options.framesPerSecond ?? FRAMES_PER_SECOND;
    this.frameLimit = new TokenBuckets(rate * 2, rate);
    this.outbox = new Outbox({
      chunkSize: options.chunkSize ?? 1000,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      flushBudgetMs: options.flushBudgetMs ?? 4,
      onTooSlow: (conn) => {
        options.log.warn({ subject: conn.subject }, 'realtime socket too slow: dropped');
        this.disconnect(conn, CLOSE_TOO_SLOW, 'Trop de retard', true);
      },
    });
    this.presence = new Presence({
      store: options.presenceStore,
      isHere: (userId) => this.index.userConnections(userId).size > 0,
      lastActivity: (userId) => {
        let last = 0;
        for (const conn of this.index.userConnections(userId)) {
          last = Math.max(last, conn.lastActivity);
        }
        return last;
      },
      publish: (userId, status, auto) => this.publishPresence(userId, status, auto),
      saveStatus: options.saveStatus,
      loadStatuses: options.loadStatuses,
      loadChosenStatus: options.loadChosenStatus,
      resetAll: options.resetStatuses,
      awayAfterMs: options.awayAfterMs ?? 5 * 60 * 1000,
      offlineGraceMs: options.offlineGraceMs ?? PRESENCE_OFFLINE_GRACE_MS,
      log: options.log,
    });
    options.broker.onMessage((raw) => this.receive(raw));
    options.broker.onResubscribed(() => void this.resync());
    this.registerIdentityTopics();
    this.registerConnectionFrames();
  }

  get nodeId(): string {
    return this.options.broker.nodeId;
  }

  async start(): Promise<void> {
    await this.options.broker.start();
    await this.presence.start();
    const period = this.options.heartbeatMs ?? HEARTBEAT_MS;
    this.timer = setInterval(() => void this.tick(), period);
    this.timer.unref();
  }

  get stats(): HubStats {
    const { deliveries, writes } = this.outbox.counts;
    const framesIn = this.framesIn;
    return { sockets: this.index.size, framesIn, framesOut: writes, deliveries };
  }

  /**
   * SIGTERM (ops/drain.ts): every socket is closed with CLOSE_SERVICE_RESTART, after what is
   * queued for it, and the clients reconnect to another node after a random delay
   * (docs/realtime.md). A socket that opens meanwhile is closed at once. The users stay
   * declared on this node until close(), so that those who reconnect elsewhere in time
   * never appear offline.
   */
  drain(): number {
    this.draining = true;
    const conns = this.index.connections();
    for (const conn of conns) this.disconnect(conn, CLOSE_SERVICE_RESTART, 'Redémarrage', false);
    return conns.length;
  }

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    for (const conn of this.index.connections()) {
      this.disconnect(conn, 1001, 'Serveur arrêté', true);
    }
    await this.presence.close();
    await this.options.broker.close();
  }

  // ── the registry: what the features declare ──────────────────────────────────────────

  onFrame<S extends z.ZodType>(
    type: string,
    schema: S,
    handler: FrameHandler<UserIdentity, z.infer<S>>,
    options: FrameOptions<UserIdentity, z.infer<S>> = {},
  ): void {
    this.addFrame(
      type,
      schema,
      handler as FrameHandler<Identity, unknown>,
      options as FrameOptions<Identity, unknown>,
      false,
    );
  }

  onAnyFrame<S extends z.ZodType>(
    type: string,
    schema: S,
    handler: FrameHandler<Identity, z.infer<S>>,
    options: FrameOptions<Identity, z.infer<S>> = {},
  ): void {
    this.addFrame(
      type,
      schema,
      handler as FrameHandler<Identity, unknown>,
      options as FrameOptions<Identity, unknown>,
      true,
    );
  }

  topicKind(kind: string, definition: TopicKind): void {
    if (this.kinds.has(kind)) throw new Error(`topic kind ${kind} registered twice`);
    this.kinds.set(kind, definition);
  }

  presenceVisible(visibility: PresenceVisibility): void {
    this.visibilities.push(visibility);
  }

  identifyScoped(identifier: ScopedIdentifier, carrier: TokenCarrier): void {
    this.identifiers.push(identifier);
    this.tokenCarriers.push(carrier);
  }

  onShared<T>(name: string, handler: (note: T) => void): void {
    const list = this.sharedHandlers.get(name) ?? [];
    list.push(handler as (note: unknown) => void);
    this.sharedHandlers.set(name, list);
  }

  /** Who an upgrade request without a session is: the first identifier to know wins. */
  async scopedIdentityOf(request: FastifyRequest): Promise<ScopedIdentity | undefined> {
    for (const identify of this.identifiers) {
      const identity = await identify(request);
      if (identity) return identity;
    }
    return undefined;
  }

  private addFrame(
    type: string,
    schema: z.ZodType,
    handler: FrameHandler<Identity, unknown>,
    options: FrameOptions<Identity, unknown>,
    anyIdentity: boolean,
  ): void {
    if (this.frames.has(type)) throw new Error(`frame ${type} registered twice`);
    this.frames.set(type, { schema, handler, options, anyIdentity });
  }

  /** A user's own topic and session topic: only that user, that session, may listen. */
  private registerIdentityTopics(): void {
    this.topicKind(USER_TOPIC, {
      authorize: async (identity, key) => identity.kind === 'user' && identity.userId === key,
    });
    this.topicKind(SESSION_TOPIC, {
      authorize: async (identity, key) => identity.kind === 'user' && identity.sessionId === key,
    });
  }

  /** Frames about the connection itself, not about any feature. */
  private registerConnectionFrames(): void {
    this.onFrame('auth', z.object({ type: z.literal('auth'), userId: z.string() }), (socket, f) => {
      if (f.userId === socket.identity.userId) {
        socket.reply({ type: 'auth_ok', userId: f.userId });
        return;
      }
      // docs/product.md §10.6: an auth frame naming someone else is refused, and the socket closed.
      socket.reply({ type: 'error', message: 'Authentification refusée : utilisateur invalide' });
      socket.close(CLOSE_POLICY_VIOLATION, 'auth refusée');
    });
    this.onAnyFrame(
      'ping',
      z.object({ type: z.literal('ping') }),
      (socket) => {
        socket.reply({ type: 'pong' });
      },
      { activity: 'none' },
    );
    // Watching is not activity: a page showing avatars says nothing of the person there.
    this.onFrame(
      'presence_watch',
      PresenceWatchFrameSchema,
      (socket, { userIds }) => {
        const conn = this.connectionOf.get(socket);
        return conn && this.watchPresence(conn, userIds);
      },
      { activity: 'none' },
    );
  }

  /**
   * Keep, of what the socket watches (or of `of`), only those the rules still let the user
   * see. `of` stops at once, before this returns, and comes back if still visible.
   */
  private async recheck(conn: Connection, of?: readonly string[]): Promise<void> {
    const watched = this.watchers.of(conn);
    const doubtful = of ? of.filter((id) => watched.has(id)) : [...watched];
    if (doubtful.length === 0 || !conn.userId) return;
    const generation = this.watchers.begin(conn);
    const sure = [...watched].filter((id) => !doubtful.includes(id));
    this.watchers.set(conn, new Set(sure));
    const visible = await this.visibleTo(conn, doubtful).catch((err: unknown) => {
      this.options.log.warn({ err }, 'realtime: presence recheck failed');
      return new Set<string>();
    });
    if (conn.closed || !this.watchers.isLatest(conn, generation) || visible.size === 0) return;
    this.watchers.set(conn, new Set([...sure, ...visible]));
    const statuses = await this.presence.statuses([...visible]);
    if (conn.closed) return;
    this.reply(conn, { type: 'presence_state', statuses: Object.fromEntries(statuses) });
  }

  /**
   * The rules in turn, each asked only about the people the ones before it did not allow:
   * the first rule registered allows most watched people, so the later rules are seldom
   * asked at all (asking every rule every time was one statement in eight at 3,000 active
   * users: docs/performance-log.md, capacity, 2026-11-27, 01:14).
   */
  private async visibleTo(conn: Connection, userIds: readonly string[]): Promise<Set<string>> {
    const viewerId = conn.userId as string;
    const context = conn.viewing === undefined ? {} : { viewing: conn.viewing };
    const visible = new Set<string>();
    let rest = userIds;
    for (const rule of this.visibilities) {
      if (rest.length === 0) break;
      for (const id of await rule(viewerId, rest, context)) visible.add(id);
      rest = rest.filter((id) => !visible.has(id));
    }
    return visible;
  }

  /**
   * presence_watch (docs/realtime.md, "Presence"): the socket now watches these people, those
   * of them it may see (new ones are checked with the features' visibility rules, people
   * already watched stay), and gets their statuses now in one `presence_state`.
   */
  async watchPresence(conn: Connection, userIds: readonly string[]): Promise<void> {
    const generation = this.watchers.begin(conn);
    const self = conn.userId as string;
    const wanted = new Set(userIds);
    const kept = [...this.watchers.of(conn)].filter((id) => wanted.has(id));
    const fresh = [...wanted].filter((id) => id !== self && !this.watchers.of(conn).has(id));
    const visible = fresh.length > 0 ? await this.visibleTo(conn, fresh) : new Set<string>();
    if (conn.closed || !this.watchers.isLatest(conn, generation)) return;
    const next = new Set([...kept, ...visible]);
    this.watchers.set(conn, next);
    const shown = wanted.has(self) ? [...next, self] : [...next];
    const statuses = await this.presence.statuses(shown);
    if (conn.closed || !this.watchers.isLatest(conn, generation)) return;
    this.reply(conn, { type: 'presence_state', statuses: Object.fromEntries(statuses) });
  }

  // ── fan-out: what the features call ──────────────────────────────────────────────────

  async toTopic(
    topic: string,
    event: ServerEvent,
    options: { exceptUserId?: string; share?: string; viewersOnly?: boolean } = {},
  ): Promise<void> {
    const route: Route = { k: 'topics', t: [topic] };
    if (options.exceptUserId) route.except = options.exceptUserId;
    if (options.share) route.n = options.share;
    if (options.viewersOnly) route.v = 1;
    this.publish(route, frame(event), { note: event });
  }

  async share<T>(name: string, note: T): Promise<void> {
    this.publish({ k: 'shared', n: name }, JSON.stringify(note), { note });
  }

  async toUsers(userIds: readonly string[], event: ServerEvent): Promise<void> {
    if (userIds.length > 0) this.publish({ k: 'topics', t: userIds.map(userTopic) }, frame(event));
  }

  async toEach(items: ReadonlyArray<{ userId: string; event: ServerEvent }>): Promise<void> {
    if (items.length === 0) return;
    const route: Route = { k: 'each', t: items.map((item) => userTopic(item.userId)) };
    this.publish(route, items.map((item) => frame(item.event)).join('\n'));
  }

  async follow(topic: string, userId: string): Promise<void> {
    this.publish({ k: 'follow', t: topic, w: userTopic(userId) });
  }

  async unfollow(topic: string, userId: string): Promise<void> {
    this.publish({ k: 'unfollow', t: topic, w: userTopic(userId) });
  }

  async dropTopic(topic: string): Promise<void> {
    this.publish({ k: 'drop', t: topic });
  }

  async recheckPresence(userId: string, of?: readonly string[]): Promise<void> {
    this.publish(of ? { k: 'recheck', u: userId, of: [...of] } : { k: 'recheck', u: userId });
  }

  async sessionEnded(sessionId: string): Promise<void> {
    const t = topicOf(SESSION_TOPIC, sessionId);
    this.publish({ k: 'close', t, c: CLOSE_SESSION_ENDED, r: 'Session terminée' });
  }

  async setStatus(userId: string, status: UserStatus): Promise<void> {
    this.presence.choose(userId, status);
  }

  presenceOf(userIds: readonly string[]): Promise<Map<string, UserStatus>> {
    return this.presence.statuses(userIds);
  }

  // ── sockets ───────────────────────────────────────────────────────────────────────────

  /** A socket passed the upgrade checks: index it, load its topics, then say `ready`. */
  open(socket: RawSocket, identity: Identity): Connection {
    const conn = new Connection(socket, identity);
    if (this.draining) {
      conn.closed = true;
      socket.close(CLOSE_SERVICE_RESTART, 'Redémarrage');
      return conn;
    }
    this.index.add(conn);
    const handle = this.socketOf(conn);
    this.sockets.set(conn, handle);
    this.connectionOf.set(handle, conn);
    if (conn.userId) this.presence.reconcile(conn.userId);
    conn.ready = this.load(conn);
    return conn;
  }

  private async load(conn: Connection): Promise<void> {
    try {
      const topics = await this.initialTopics(conn.identity);
      if (conn.closed) return;
      this.index.loaded(conn, topics);
    } catch (err) {
      // The store refused for now (overload, docs/scaling.md; or away, restarting): come
      // back later, spread out.
      const refused = storeRefusal(err);
      if (refused?.retryAfterSeconds) {
        const retryMs = refused.retryAfterSeconds * 1000;
        this.disconnect(conn, CLOSE_TRY_LATER, JSON.stringify({ retryMs }), false);
        return;
      }
      this.options.log.warn({ err }, 'realtime: could not load subscriptions');
      this.disconnect(conn, 1011, 'Erreur interne', false);
      return;
    }
    this.outbox.send(conn, frame({ type: 'ready', userId: conn.subject }));
    for (const pending of conn.pendingFrames.splice(0)) {
      const entry = this.frames.get(pending.type);
      if (entry) await this.dispatch(conn, entry, pending.frame);
    }
  }

  /** What every topic kind grants this identity at open (a scoped one gets only its scope). */
  private async initialTopics(identity: Identity): Promise<string[]> {
    if (identity.kind === 'scoped') return [];
    const lists = await Promise.all(
      [...this.kinds].map(async ([kind, def]) =>
        def.initial ? (await def.initial(identity)).map((key) => topicOf(kind, key)) : [],
      ),
    );
    return lists.flat();
  }

  /** Whether this user may open one more socket on this node (docs/security.md, finding 6). */
  mayOpenSocket(userId: string): boolean {
    const max = this.options.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER;
    return this.index.userConnections(userId).size < max;
  }

  /** The socket closed (or is being closed): forget it everywhere. */
  closed(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.frameLimit.forget(conn);
    conn.queue = [];
    this.index.remove(conn);
    this.unview(conn);
    this.watchers.remove(conn);
    if (!this.closing && !this.draining && conn.userId) this.presence.reconcile(conn.userId);
    for (const listener of conn.closeListeners.splice(0)) {
      try {
        listener();
      } catch (err) {
        this.options.log.warn({ err }, 'realtime close listener failed');
      }
    }
  }

  pong(conn: Connection): void {
    conn.alive = true;
  }

  async handleFrame(conn: Connection, text: string): Promise<void> {
    if (conn.closed) return;
    this.framesIn++;
    let type: string | undefined;
    let parsed: unknown;
    let entry: FrameEntry | undefined;
    try {
      const raw: unknown = JSON.parse(text);
      type = typeOf(raw);
      entry = type === undefined ? undefined : this.frames.get(type);
      if (!entry) throw new Error('unknown frame');
      const result = entry.schema.safeParse(raw);
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch {
      this.reply(conn, { type: 'error', message: 'Trame invalide' });
      return;
    }
    if (!entry.anyIdentity && conn.identity.kind !== 'user') {
      this.reply(conn, { type: 'error', message: 'Trame non autorisée' });
      return;
    }
    if (this.frameLimit.take(conn) > 0) {
      const refused = (this.refusedInARow.get(conn) ?? 0) + 1;
      this.refusedInARow.set(conn, refused);
      if (refused > FLOOD_CLOSE_AFTER) {
        this.disconnect(conn, 1008, 'Trop de trames', false);
        return;
      }
      // A frame whose sender waits for an answer gets its 429; others an error frame.
      if (entry.options.refuse) entry.options.refuse(this.socketFor(conn), parsed, TOO_MANY_FRAMES);
      else this.reply(conn, { type: 'error', message: TOO_MANY_FRAMES.message });
      return;
    }
    this.refusedInARow.delete(conn);
    if (conn.loading) {
      if (conn.pendingFrames.length < MAX_PENDING_FRAMES) {
        conn.pendingFrames.push({ type: type as string, frame: parsed });
      } else {
        // A frame whose sender waits for an answer is never dropped without a word.
        entry.options.refuse?.(this.socketFor(conn), parsed, TOO_MANY_PENDING);
      }
      return;
    }
    return this.dispatch(conn, entry, parsed);
  }

  private async dispatch(conn: Connection, entry: FrameEntry, parsed: unknown): Promise<void> {
    const activity = entry.options.activity ?? 'active';
    if (activity !== 'none') {
      conn.lastActivity = Date.now();
      if (activity === 'active' && conn.userId) this.presence.active(conn.userId);
    }
    try {
      await entry.handler(this.socketFor(conn), parsed);
    } catch (err) {
      this.options.log.warn({ err }, 'realtime frame handler failed');
    }
  }

  private socketFor(conn: Connection): Socket {
    return this.sockets.get(conn) ?? this.socketOf(conn);
  }

  /** The handle frame handlers get: one per socket, so features may key state on it. */
  private socketOf(conn: Connection): Socket {
    return {
      identity: conn.identity,
      get closed() {
        return conn.closed;
      },
      isSubscribed: (topic) => conn.has(topic),
      subscribe: (topic) => this.subscribe(conn, topic),
      view: (topic) => this.view(conn, topic),
      reply: (event) => this.reply(conn, event),
      close: (code, reason) => this.disconnect(conn, code, reason, false),
      onClosed: (listener) => {
        if (conn.closed) listener();
        else conn.closeListeners.push(listener);
      },
    };
  }

  private view(conn: Connection, topic: string): void {
    if (conn.viewing === topic) return;
    this.unview(conn);
    conn.viewing = topic;
    if (conn.closed) return;
    const set = this.viewers.get(topic);
    if (set) set.add(conn);
    else this.viewers.set(topic, new Set([conn]));
  }

  private unview(conn: Connection): void {
    if (conn.viewing === undefined) return;
    const set = this.viewers.get(conn.viewing);
    set?.delete(conn);
    if (set?.size === 0) this.viewers.delete(conn.viewing);
  }

  /**
   * A join: the identity's scope first (a scoped token listens to its topics and nothing
   * else), then the topic kind's authorizer — the database's answer, since this node's
   * index may lag a membership made on another node by a broker hop.
   */
  private async subscribe(conn: Connection, topic: string): Promise<boolean> {
    if (conn.has(topic)) return true;
    if (conn.identity.kind === 'scoped') return false;
    const [kind, key] = splitTopic(topic);
    const def = this.kinds.get(kind);
    if (!def || !(await def.authorize(conn.identity, key))) return false;
    if (conn.closed) return false;
    this.index.subscribe(conn, topic);
    return true;
  }

  private reply(conn: Connection, event: ServerEvent): void {
    this.outbox.send(conn, frame(event));
  }

  /** Close a socket: what is queued goes first (unless it is too slow to take it). */
  private disconnect(conn: Connection, code: number, reason: string, hard: boolean): void {
    if (conn.closed) return;
    if (!hard) this.outbox.flushConnection(conn);
    this.closed(conn);
    if (hard) conn.socket.terminate();
    else conn.socket.close(code, reason);
  }

  // ── fan-out ───────────────────────────────────────────────────────────────────────────

  private async publishPresence(userId: string, status: UserStatus, auto: boolean) {
    const event = frame({ type: 'presence_update', userId, status });
    this.publish({ k: 'presence', u: userId, s: status, auto }, event);
  }

  /**
   * Apply here at once (a removal takes effect before the REST call returns), then tell the
   * others. `local` is the body as an object, so that this node's shared-note handlers need
   * not parse it back.
   */
  private publish(route: Route, event?: string, local?: { note: unknown }): void {
    const envelope: Envelope = { origin: this.nodeId, route, event, sentAt: Date.now() };
    this.apply(envelope, local);
    this.options.broker.publish(encodeEnvelope(envelope));
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(raw);
    } catch (err) {
      this.options.log.warn({ err }, 'realtime: unreadable broker message');
      return;
    }
    if (envelope.origin === this.nodeId) return;
    if (envelope.sentAt !== undefined) this.options.onBrokerLag?.(Date.now() - envelope.sentAt);
    this.apply(envelope);
  }

  private apply({ route, event }: Envelope, local?: { note: unknown }): void {
    const payload = event ?? '';
    switch (route.k) {
      case 'topics': {
        const { except, t: topics, v: viewersOnly } = route;
        if (viewersOnly) this.deliverToViewers(topics, payload, except);
        else {
          const accept = except ? (conn: Connection) => conn.subject !== except : undefined;
          this.deliver(topics, payload, accept);
        }
        if (route.n) this.notify(route.n, payload, local);
        break;
      }
      case 'each': {
        let start = 0;
        for (const topic of route.t) {
          const end = payload.indexOf('\n', start);
          this.deliver([topic], payload.slice(start, end === -1 ? undefined : end));
          if (end === -1) break;
          start = end + 1;
        }
        break;
      }
      case 'shared':
        this.notify(route.n, payload, local);
        break;
      case 'presence':
        this.presence.remember(route.u, route.s, route.auto);
        this.deliverPresence(route.u, payload);
        break;
      case 'recheck':
        for (const conn of this.index.connectionsOf(userTopic(route.u))) {
          void this.recheck(conn, route.of);
        }
        break;
      case 'follow':
        this.index.follow(route.t, route.w);
        break;
      case 'unfollow':
        this.index.unfollow(route.t, route.w);
        break;
      case 'drop':
        this.index.drop(route.t);
        break;
      case 'close':
        for (const conn of [...this.index.connectionsOf(route.t)]) {
          this.disconnect(conn, route.c, route.r, false);
        }
        break;
    }
  }

  /** A shared note for this node's handlers of `name`: parsed once, only if someone listens. */
  private notify(name: string, payload: string, local?: { note: unknown }): void {
    const handlers = this.sharedHandlers.get(name);
    if (!handlers) return;
    let note: unknown;
    try {
      note = local ? local.note : JSON.parse(payload);
    } catch (err) {
      this.options.log.warn({ err, name }, 'realtime: unreadable shared note');
      return;
    }
    for (const handler of handlers) {
      try {
        handler(note);
      } catch (err) {
        this.options.log.warn({ err, name }, 'realtime: shared note handler failed');
      }
    }
  }

  /** A presence change: the user's own sockets and the sockets watching them, once each. */
  private deliverPresence(userId: string, payload: string): void {
    const own = this.index.connectionsOf(userTopic(userId));
    const watching = this.watchers.watching(userId);
    if (watching.size === 0) {
      this.outbox.deliver(own, own.size, payload);
      return;
    }
    const targets = new Set(own);
    for (const conn of watching) targets.add(conn);
    this.outbox.deliver(targets, targets.size, payload);
  }

  /** The sockets viewing one of `topics` that are subscribed to it (a viewer may have left). */
  private deliverToViewers(topics: string[], payload: string, except: string | undefined): void {
    const targets: Connection[] = [];
    for (const topic of topics) {
      for (const conn of this.viewers.get(topic) ?? []) {
        if (conn.has(topic) && (!except || conn.subject !== except)) targets.push(conn);
      }
    }
    this.outbox.deliver(targets, targets.length, payload);
  }

  /** One topic's live set as it is (the common case); several topics' sockets once each. */
  private deliver(topics: string[], payload: string, accept?: (conn: Connection) => boolean) {
    if (topics.length === 1) {
      const targets = this.index.connectionsOf(topics[0] as string);
      this.outbox.deliver(targets, targets.size, payload, accept);
      return;
    }
    const targets = new Set<Connection>();
    for (const topic of topics) {
      for (const conn of this.index.connectionsOf(topic)) targets.add(conn);
    }
    this.outbox.deliver(targets, targets.size, payload, accept);
  }

  /**
   * The broker subscription was lost and is back: events and subscription changes may have
   * been missed. Called synchronously before the restored subscription delivers anything,
   * so every socket's `resync` is queued ahead of the first event it will hear: the client
   * catches up from the last seq it saw before the loss, and no live event can move that
   * mark past the gap (docs/realtime.md, "Losing the broker"). Then every socket's topics are
   * reloaded from the topic kinds and this node's users re-declared; a socket whose topics
   * changed meanwhile (a topic granted during the outage) is told to catch up once more.
   */
  resync(): Promise<void> {
    const resync = frame({ type: 'resync' });
    for (const conn of this.index.connections()) this.outbox.send(conn, resync);
    return this.reloadTopics(resync);
  }

  private async reloadTopics(resync: string): Promise<void> {
    await this.presence.restore().catch((err: unknown) => {
      this.options.log.warn({ err }, 'presence restore failed');
    });
    const bySubject = new Map<string, string[]>();
    for (const conn of this.index.connections()) {
      if (bySubject.has(conn.subject)) continue;
      try {
        bySubject.set(conn.subject, await this.initialTopics(conn.identity));
      } catch (err) {
        this.options.log.warn({ err }, 'realtime resync: could not reload subscriptions');
      }
    }
    for (const conn of this.index.connections()) {
      const topics = bySubject.get(conn.subject);
      if (!topics || conn.loading || conn.identity.kind !== 'user') continue;
      const changed = topics.length !== conn.topics.size || topics.some((t) => !conn.topics.has(t));
      if (!changed) continue;
      this.index.reset(conn, topics);
      this.outbox.send(conn, resync);
    }
  }

  private async tick(): Promise<void> {
    this.ticks++;
    if (this.ticks % PINGS_PER_HEARTBEAT === 0) this.heartbeat();
    await this.presence.tick().catch((err: unknown) => {
      this.options.log.warn({ err }, 'presence heartbeat failed');
    });
  }

  /** Terminate sockets that did not answer the last ping; ping the others. */
  heartbeat(): void {
    for (const conn of this.index.connections()) {
      if (!conn.alive) {
        this.disconnect(conn, 1001, 'Pas de réponse', true);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }
}
