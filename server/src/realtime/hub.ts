import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { UserStatus } from '#shared/limits';
import { CLOSE_TOO_SLOW, type ServerEvent } from '#shared/protocol';
import type { Connection, RawSocket } from './connection';
import { registerConnectionFrames } from './connection-frames';
import { FrameIntake } from './frame-intake';
import { Heartbeat } from './heartbeat';
import {
  FRAMES_PER_SECOND,
  HEARTBEAT_MS,
  type HubOptions,
  type HubStats,
  MAX_SOCKETS_PER_USER,
} from './hub-options';
import type { Identity, ScopedIdentity, UserIdentity } from './identity';
import { LocalIndex } from './local-index';
import { Outbox } from './outbox';
import { PRESENCE_OFFLINE_GRACE_MS, Presence } from './presence';
import { PresenceWatch, type PresenceWatchers } from './presence-watch';
import type {
  FrameHandler,
  FrameOptions,
  PresenceVisibility,
  Realtime,
  ScopedIdentifier,
  TokenCarrier,
  TopicKind,
} from './realtime';
import { Routing, type TopicOptions } from './routing';
import { ScopedIdentifiers } from './scoped-identifiers';
import { Sockets } from './sockets';
import { TopicKinds } from './topic-kinds';

export type { HubOptions, HubStats } from './hub-options';

/**
 * The realtime hub of one node, a composition of its parts (docs/realtime.md, "The hub"):
 * the sockets' life (Sockets) and what they listen to (LocalIndex, TopicKinds), their
 * batched writes (Outbox), frames coming in (FrameIntake), routes to every node and back
 * to the sockets (Routing), presence (Presence, PresenceWatch), who a sessionless upgrade
 * is (ScopedIdentifiers) and the clock (Heartbeat). It fills the registry the features use
 * (realtime.ts) and knows no feature by name.
 */
export class Hub implements Realtime {
  readonly index = new LocalIndex();
  readonly outbox: Outbox;
  readonly presence: Presence;
  private readonly watch: PresenceWatch;
  private readonly intake: FrameIntake;
  private readonly routing: Routing;
  private readonly sockets: Sockets;
  private readonly kinds = new TopicKinds();
  private readonly scoped = new ScopedIdentifiers();
  private readonly heartbeats: Heartbeat;

  constructor(private readonly options: HubOptions) {
    const { broker, log, onBrokerLag } = options;
    const { index, kinds } = this;
    const disconnect = (conn: Connection, code: number, reason: string, hard: boolean) =>
      this.sockets.disconnect(conn, code, reason, hard);
    const reply = (conn: Connection, event: ServerEvent) => this.sockets.reply(conn, event);
    const outbox = new Outbox({
      chunkSize: options.chunkSize ?? 1000,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      flushBudgetMs: options.flushBudgetMs ?? 4,
      onTooSlow: (conn) => {
        log.warn({ subject: conn.subject }, 'realtime socket too slow: dropped');
        disconnect(conn, CLOSE_TOO_SLOW, 'Trop de retard', true);
      },
    });
    const presence = new Presence({
      store: options.presenceStore,
      isHere: (userId) => index.userConnections(userId).size > 0,
      lastActivity: (userId) => index.lastActivity(userId),
      publish: (userId, status, auto) => this.routing.presenceChanged(userId, status, auto),
      saveStatus: options.saveStatus,
      loadStatuses: options.loadStatuses,
      loadChosenStatus: options.loadChosenStatus,
      resetAll: options.resetStatuses,
      awayAfterMs: options.awayAfterMs ?? 5 * 60 * 1000,
      offlineGraceMs: options.offlineGraceMs ?? PRESENCE_OFFLINE_GRACE_MS,
      log,
    });
    const watch = new PresenceWatch({ statuses: (ids) => presence.statuses(ids), reply, log });
    const intake = new FrameIntake({
      framesPerSecond: options.framesPerSecond ?? FRAMES_PER_SECOND,
      socketFor: (conn) => this.sockets.socketFor(conn),
      reply,
      disconnect,
      active: (userId) => presence.active(userId),
      log,
    });
    this.outbox = outbox;
    this.presence = presence;
    this.watch = watch;
    this.intake = intake;
    const maxPerUser = options.maxSocketsPerUser ?? MAX_SOCKETS_PER_USER;
    this.sockets = new Sockets({ index, outbox, presence, watch, intake, kinds, maxPerUser, log });
    this.routing = new Routing({
      broker,
      index,
      outbox,
      presence,
      watch,
      disconnect,
      log,
      onBrokerLag,
    });
    this.heartbeats = new Heartbeat({
      presence: () => presence.tick(),
      ping: () => this.sockets.heartbeat(),
      log,
    });
    broker.onResubscribed(() => void this.resync());
    registerConnectionFrames(this, (socket, userIds) => {
      const conn = this.sockets.connectionOf(socket);
      return conn && this.watchPresence(conn, userIds);
    });
  }

  get nodeId(): string {
    return this.options.broker.nodeId;
  }

  /** Who each socket shows the presence of (presence_watch). */
  get watchers(): PresenceWatchers {
    return this.watch.watchers;
  }

  async start(): Promise<void> {
    await this.options.broker.start();
    await this.presence.start();
    this.heartbeats.start(this.options.heartbeatMs ?? HEARTBEAT_MS);
  }

  get stats(): HubStats {
    const { deliveries, writes } = this.outbox.counts;
    const framesIn = this.intake.received;
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
    return this.sockets.drain();
  }

  async close(): Promise<void> {
    this.heartbeats.stop();
    this.sockets.closeAll();
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
    const any = handler as FrameHandler<Identity, unknown>;
    this.intake.register(type, schema, any, options as FrameOptions<Identity, unknown>, false);
  }

  onAnyFrame<S extends z.ZodType>(
    type: string,
    schema: S,
    handler: FrameHandler<Identity, z.infer<S>>,
    options: FrameOptions<Identity, z.infer<S>> = {},
  ): void {
    const any = handler as FrameHandler<Identity, unknown>;
    this.intake.register(type, schema, any, options as FrameOptions<Identity, unknown>, true);
  }

  topicKind(kind: string, definition: TopicKind): void {
    this.kinds.define(kind, definition);
  }

  presenceVisible(visibility: PresenceVisibility): void {
    this.watch.visible(visibility);
  }

  identifyScoped(identifier: ScopedIdentifier, carrier: TokenCarrier): void {
    this.scoped.add(identifier, carrier);
  }

  /** Where the scoped tokens come (upgrade-gate.ts refuses an upgrade that carries none). */
  get tokenCarriers(): readonly TokenCarrier[] {
    return this.scoped.carriers;
  }

  onShared<T>(name: string, handler: (note: T) => void): void {
    this.routing.onShared(name, handler);
  }

  /** Who an upgrade request without a session is: the first identifier to know wins. */
  scopedIdentityOf(request: FastifyRequest): Promise<ScopedIdentity | undefined> {
    return this.scoped.identify(request);
  }

  // ── fan-out: what the features call (Routing) ────────────────────────────────────────

  toTopic(topic: string, event: ServerEvent, options?: TopicOptions): Promise<void> {
    return this.routing.toTopic(topic, event, options);
  }

  share<T>(name: string, note: T): Promise<void> {
    return this.routing.share(name, note);
  }

  toUsers(userIds: readonly string[], event: ServerEvent): Promise<void> {
    return this.routing.toUsers(userIds, event);
  }

  toEach(items: ReadonlyArray<{ userId: string; event: ServerEvent }>): Promise<void> {
    return this.routing.toEach(items);
  }

  follow(topic: string, userId: string): Promise<void> {
    return this.routing.follow(topic, userId);
  }

  unfollow(topic: string, userId: string): Promise<void> {
    return this.routing.unfollow(topic, userId);
  }

  dropTopic(topic: string): Promise<void> {
    return this.routing.dropTopic(topic);
  }

  recheckPresence(userId: string, of?: readonly string[]): Promise<void> {
    return this.routing.recheckPresence(userId, of);
  }

  sessionEnded(sessionId: string): Promise<void> {
    return this.routing.sessionEnded(sessionId);
  }

  async setStatus(userId: string, status: UserStatus): Promise<void> {
    this.presence.choose(userId, status);
  }

  presenceOf(userIds: readonly string[]): Promise<Map<string, UserStatus>> {
    return this.presence.statuses(userIds);
  }

  // ── sockets: what the /ws route calls (register.ts) ──────────────────────────────────

  /** A socket passed the upgrade checks: index it, load its topics, then say `ready`. */
  open(socket: RawSocket, identity: Identity): Connection {
    return this.sockets.open(socket, identity);
  }

  /** Whether this user may open one more socket on this node (docs/security.md, finding 6). */
  mayOpenSocket(userId: string): boolean {
    return this.sockets.mayOpen(userId);
  }

  handleFrame(conn: Connection, text: string): Promise<void> {
    return this.intake.handle(conn, text);
  }

  pong(conn: Connection): void {
    conn.alive = true;
  }

  /** The socket closed (or is being closed): forget it everywhere. */
  closed(conn: Connection): void {
    this.sockets.closed(conn);
  }

  /** presence_watch (PresenceWatch.watch). */
  watchPresence(conn: Connection, userIds: readonly string[]): Promise<void> {
    return this.watch.watch(conn, userIds);
  }

  /**
   * The broker subscription was lost and is back: events and subscription changes may have
   * been missed. Called synchronously before the restored subscription delivers anything,
   * so every socket's `resync` is queued ahead of the first event it will hear: the client
   * catches up from the last seq it saw before the loss, and no live event can move that
   * mark past the gap (docs/realtime.md, "Losing the broker"). Then the topics are reloaded
   * (Sockets.resync).
   */
  resync(): Promise<void> {
    return this.sockets.resync();
  }

  /** Terminate sockets that did not answer the last ping; ping the others. */
  heartbeat(): void {
    this.sockets.heartbeat();
  }
}
