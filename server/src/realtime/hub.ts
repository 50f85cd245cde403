import type { UserStatus } from '#shared/limits';
import type { TypingUser } from '#shared/messages';
import {
  CLOSE_POLICY_VIOLATION,
  CLOSE_SESSION_ENDED,
  CLOSE_TOO_SLOW,
  type ClientFrame,
  ClientFrameSchema,
  type ServerEvent,
} from '#shared/protocol';
import { HttpError } from '../lib/errors';
import type { Broker, PresenceStore } from './broker';
import type { Log } from './broker-redis';
import { Connection, type RawSocket } from './connection';
import { decodeEnvelope, type Envelope, encodeEnvelope, type Route } from './envelope';
import { LocalIndex } from './local-index';
import { Outbox } from './outbox';
import { Presence } from './presence';
import type { Realtime, SendHandler, TypingHandler } from './realtime';

export interface HubOptions {
  broker: Broker;
  presenceStore: PresenceStore;
  log: Log;
  /** Ids of the channels the user belongs to (the database's answer). */
  loadChannelIds(userId: string): Promise<string[]>;
  isMember(channelId: string, userId: string): Promise<boolean>;
  saveStatus(userId: string, status: UserStatus): Promise<void>;
  loadStatuses(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  loadChosenStatus(userId: string): Promise<UserStatus>;
  resetStatuses(): Promise<void>;
  awayAfterMs?: number;
  /** Heartbeat period: ws pings, presence heartbeat and the away rule. */
  heartbeatMs?: number;
  chunkSize?: number;
  maxBufferedBytes?: number;
  /** See OutboxOptions. */
  flushBudgetMs?: number;
}

const HEARTBEAT_MS = 10_000;
/** A socket must answer a ping within this many heartbeats, or it is dropped. */
const PINGS_PER_HEARTBEAT = 3;

const MAX_PENDING_FRAMES = 50;
const TOO_MANY_PENDING = new HttpError(429, 'Trop de trames en attente : réessayez');
/** Sends of one socket waiting for the store; past this, a flood is refused, not queued. */
const MAX_SENDS_IN_FLIGHT = 100;
const TOO_MANY_SENDS = new HttpError(429, 'Trop de messages à la fois : réessayez');

type SendFrame = Extract<ClientFrame, { type: 'send_message' }>;

const frame = (event: ServerEvent) => JSON.stringify(event);

/**
 * The realtime hub of one node: sockets, their subscriptions, fan-out through the broker,
 * presence. The WebSocket route (routes.ts) hands it sockets and frames; the features reach
 * it through the Realtime interface.
 */
export class Hub implements Realtime {
  readonly index = new LocalIndex();
  readonly outbox: Outbox;
  readonly presence: Presence;
  private readonly typingHandlers: TypingHandler[] = [];
  private sendHandler: SendHandler | undefined;
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;
  private closing = false;

  constructor(private readonly options: HubOptions) {
    this.outbox = new Outbox({
      chunkSize: options.chunkSize ?? 1000,
      maxBufferedBytes: options.maxBufferedBytes ?? 8 * 1024 * 1024,
      flushBudgetMs: options.flushBudgetMs ?? 4,
      onTooSlow: (conn) => {
        options.log.warn({ userId: conn.userId }, 'realtime socket too slow: dropped');
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
      log: options.log,
    });
    options.broker.onMessage((raw) => this.receive(raw));
    options.broker.onResubscribed(() => void this.resync());
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

  async close(): Promise<void> {
    this.closing = true;
    clearInterval(this.timer);
    for (const conn of this.index.connections()) {
      this.disconnect(conn, 1001, 'Serveur arrêté', true);
    }
    await this.presence.close();
    await this.options.broker.close();
  }

  // ── Realtime: what the features call ──────────────────────────────────────────────────

  async toChannel(
    channelId: string,
    event: ServerEvent,
    options: { exceptUserId?: string } = {},
  ): Promise<void> {
    const route: Route = { k: 'channel', c: channelId };
    if (options.exceptUserId) route.except = options.exceptUserId;
    this.publish(route, frame(event));
  }

  async toUsers(userIds: readonly string[], event: ServerEvent): Promise<void> {
    if (userIds.length > 0) this.publish({ k: 'users', u: [...userIds] }, frame(event));
  }

  async memberAdded(channelId: string, userId: string): Promise<void> {
    this.publish({ k: 'member_added', c: channelId, u: userId });
  }

  async memberRemoved(channelId: string, userId: string): Promise<void> {
    this.publish({ k: 'member_removed', c: channelId, u: userId });
  }

  async channelDeleted(channelId: string): Promise<void> {
    this.publish({ k: 'channel_deleted', c: channelId });
  }

  async sessionEnded(sessionId: string): Promise<void> {
    this.publish({ k: 'session_ended', s: sessionId });
  }

  async setStatus(userId: string, status: UserStatus): Promise<void> {
    this.presence.choose(userId, status);
  }

  presenceOf(userIds: readonly string[]): Promise<Map<string, UserStatus>> {
    return this.presence.statuses(userIds);
  }

  onTyping(handler: TypingHandler): void {
    this.typingHandlers.push(handler);
  }

  onSend(handler: SendHandler): void {
    this.sendHandler = handler;
  }

  // ── sockets ───────────────────────────────────────────────────────────────────────────

  /** A socket passed the upgrade checks: index it, load its channels, then say `ready`. */
  open(socket: RawSocket, sessionId: string, user: TypingUser): Connection {
    const conn = new Connection(socket, user.userId, sessionId, user);
    this.index.add(conn);
    this.presence.reconcile(conn.userId);
    conn.ready = this.load(conn);
    return conn;
  }

  private async load(conn: Connection): Promise<void> {
    try {
      const channelIds = await this.options.loadChannelIds(conn.userId);
      if (conn.closed) return;
      this.index.loaded(conn, channelIds);
    } catch (err) {
      this.options.log.warn({ err }, 'realtime: could not load subscriptions');
      this.disconnect(conn, 1011, 'Erreur interne', false);
      return;
    }
    this.outbox.send(conn, frame({ type: 'ready', userId: conn.userId }));
    for (const parsed of conn.pendingFrames.splice(0)) await this.dispatch(conn, parsed);
  }

  /** The socket closed (or is being closed): forget it everywhere. */
  closed(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    conn.queue = [];
    this.index.remove(conn);
    if (!this.closing) this.presence.reconcile(conn.userId);
  }

  pong(conn: Connection): void {
    conn.alive = true;
  }

  async handleFrame(conn: Connection, text: string): Promise<void> {
    if (conn.closed) return;
    let parsed: ClientFrame;
    try {
      const result = ClientFrameSchema.safeParse(JSON.parse(text));
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch {
      this.reply(conn, { type: 'error', message: 'Trame invalide' });
      return;
    }
    if (conn.loading) {
      if (conn.pendingFrames.length < MAX_PENDING_FRAMES) conn.pendingFrames.push(parsed);
      // A message is never dropped without a word: the client sends it again later.
      else if (parsed.type === 'send_message') this.reject(conn, parsed, TOO_MANY_PENDING);
      return;
    }
    return this.dispatch(conn, parsed);
  }

  private async dispatch(conn: Connection, parsed: ClientFrame): Promise<void> {
    if (parsed.type !== 'ping') {
      conn.lastActivity = Date.now();
      if (parsed.type !== 'presence') this.presence.active(conn.userId);
    }
    switch (parsed.type) {
      case 'auth':
        return this.handleAuth(conn, parsed.userId);
      case 'join_channel':
        return this.handleJoin(conn, parsed.channelId);
      case 'typing':
        return this.handleTyping(conn, parsed.channelId, parsed.isTyping);
      case 'presence':
        return this.presence.choose(conn.userId, parsed.status);
      case 'ping':
        return this.reply(conn, { type: 'pong' });
      case 'send_message':
        return this.handleSend(conn, parsed);
    }
  }

  private handleAuth(conn: Connection, userId: string): void {
    if (userId === conn.userId) {
      this.reply(conn, { type: 'auth_ok', userId });
      return;
    }
    // DESIGN §4: an auth frame naming someone else is refused, and the socket closed.
    this.reply(conn, { type: 'error', message: 'Authentification refusée : utilisateur invalide' });
    this.disconnect(conn, CLOSE_POLICY_VIOLATION, 'auth refusée', false);
  }

  private async handleJoin(conn: Connection, channelId: string): Promise<void> {
    // The index may lag a membership made on another node by a broker hop: ask the database.
    if (!conn.channels.has(channelId)) {
      if (!(await this.options.isMember(channelId, conn.userId))) {
        return this.reply(conn, { type: 'error', message: 'Canal introuvable' });
      }
      this.index.subscribe(conn, channelId);
    }
    conn.activeChannelId = channelId;
    this.reply(conn, { type: 'joined', channelId });
  }

  private async handleTyping(conn: Connection, channelId: string, isTyping: boolean) {
    if (!conn.channels.has(channelId)) {
      return this.reply(conn, { type: 'error', message: 'Canal introuvable' });
    }
    let user = conn.profile;
    for (const handler of this.typingHandlers) {
      try {
        user = (await handler({ channelId, userId: conn.userId, isTyping })) ?? user;
      } catch (err) {
        this.options.log.warn({ err }, 'typing handler failed');
      }
    }
    if (conn.closed || !conn.channels.has(channelId)) return;
    const event: ServerEvent = { type: 'typing_update', channelId, user, isTyping };
    this.publish({ k: 'channel', c: channelId, except: conn.userId }, frame(event));
  }

  /**
   * A socket's sends are stored one after the other, in the order they arrived, so that a
   * user's messages keep their order (a mention look-up cannot let a later one pass). Other
   * sockets' sends still share each store batch.
   */
  private handleSend(conn: Connection, frame: SendFrame): Promise<void> {
    if (conn.sendsInFlight >= MAX_SENDS_IN_FLIGHT) {
      this.reject(conn, frame, TOO_MANY_SENDS);
      return Promise.resolve();
    }
    conn.sendsInFlight++;
    conn.sending = conn.sending
      .then(() => this.storeSend(conn, frame))
      .finally(() => {
        conn.sendsInFlight--;
      });
    return conn.sending;
  }

  private async storeSend(conn: Connection, frame: SendFrame): Promise<void> {
    const { channelId, clientId } = frame;
    if (conn.closed) return;
    try {
      if (!this.sendHandler) throw new Error('no send handler');
      const stored = await this.sendHandler({
        sessionId: conn.sessionId,
        userId: conn.userId,
        channelId,
        clientId,
        message: frame.message,
      });
      this.reply(conn, { type: 'message_ack', clientId, channelId, ...stored });
    } catch (err) {
      if (!(err instanceof HttpError)) {
        this.options.log.error({ err }, 'realtime send failed');
        this.reject(conn, frame, new HttpError(500, 'Erreur interne du serveur'));
        return;
      }
      this.reject(conn, frame, err);
      // The session is over (expired, or deleted without a sign-out): like a sign-out.
      if (err.statusCode === 401) {
        this.disconnect(conn, CLOSE_SESSION_ENDED, 'Session terminée', false);
      }
    }
  }

  private reject(conn: Connection, { channelId, clientId }: SendFrame, err: HttpError): void {
    this.reply(conn, {
      type: 'message_rejected',
      clientId,
      channelId,
      status: err.statusCode,
      message: err.message,
      ...(err.errors ? { errors: err.errors } : {}),
    });
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
    const channelIds = await this.options.loadChannelIds(userId);
    const event = frame({ type: 'presence_update', userId, status });
    this.publish({ k: 'presence', u: userId, c: channelIds, s: status, auto }, event);
  }

  /** Apply here at once (a removal takes effect before the REST call returns), then tell the others. */
  private publish(route: Route, event?: string): void {
    const envelope: Envelope = { origin: this.nodeId, route, event };
    this.apply(envelope);
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
    if (envelope.origin !== this.nodeId) this.apply(envelope);
  }

  private apply({ route, event }: Envelope): void {
    const payload = event ?? '';
    switch (route.k) {
      case 'channel': {
        const targets = this.index.channelConnections(route.c);
        const except = route.except;
        const accept = except ? (conn: Connection) => conn.userId !== except : undefined;
        this.outbox.deliver(targets, targets.size, payload, accept);
        break;
      }
      case 'users': {
        const targets = new Set<Connection>();
        for (const userId of route.u) {
          for (const conn of this.index.userConnections(userId)) targets.add(conn);
        }
        this.outbox.deliver(targets, targets.size, payload);
        break;
      }
      case 'presence': {
        this.presence.remember(route.u, route.s, route.auto);
        const targets = new Set(this.index.userConnections(route.u));
        for (const channelId of route.c) {
          for (const conn of this.index.channelConnections(channelId)) targets.add(conn);
        }
        this.outbox.deliver(targets, targets.size, payload);
        break;
      }
      case 'member_added':
        this.index.memberAdded(route.c, route.u);
        break;
      case 'member_removed':
        this.index.memberRemoved(route.c, route.u);
        break;
      case 'channel_deleted':
        this.index.channelDeleted(route.c);
        break;
      case 'session_ended':
        for (const conn of [...this.index.sessionConnections(route.s)]) {
          this.disconnect(conn, CLOSE_SESSION_ENDED, 'Session terminée', false);
        }
        break;
    }
  }

  /**
   * The broker subscription was lost and is back: membership changes and events may have
   * been missed. Reload every socket's channels from the database, re-declare this node's
   * users, and tell the clients to catch up by sequence number.
   */
  async resync(): Promise<void> {
    await this.presence.restore().catch((err: unknown) => {
      this.options.log.warn({ err }, 'presence restore failed');
    });
    const byUser = new Map<string, string[]>();
    for (const userId of [...this.index.users()]) {
      try {
        byUser.set(userId, await this.options.loadChannelIds(userId));
      } catch (err) {
        this.options.log.warn({ err }, 'realtime resync: could not reload subscriptions');
      }
    }
    const resync = frame({ type: 'resync' });
    for (const conn of this.index.connections()) {
      const channelIds = byUser.get(conn.userId);
      if (channelIds && !conn.loading) this.index.reset(conn, channelIds);
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
