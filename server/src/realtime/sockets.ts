import { CLOSE_SERVICE_RESTART, CLOSE_TRY_LATER, type ServerEvent } from '#shared/protocol';
import { storeRefusal } from '../lib/errors';
import type { Log } from './broker-redis';
import { Connection, type RawSocket } from './connection';
import type { FrameIntake } from './frame-intake';
import type { Identity } from './identity';
import type { LocalIndex } from './local-index';
import type { Outbox } from './outbox';
import type { Presence } from './presence';
import type { PresenceWatch } from './presence-watch';
import type { Socket } from './realtime';
import type { TopicKinds } from './topic-kinds';

export interface SocketsDeps {
  index: LocalIndex;
  outbox: Outbox;
  presence: Presence;
  watch: PresenceWatch;
  intake: FrameIntake;
  kinds: TopicKinds;
  /** Sockets one user may hold on this node at once. */
  maxPerUser: number;
  log: Log;
}

const frame = (event: ServerEvent) => JSON.stringify(event);

/**
 * The life of this node's sockets: opened (indexed, topics loaded, `ready`), the handle
 * frame handlers get, their subscriptions and replies, and closed — forgotten everywhere.
 */
export class Sockets {
  private readonly handles = new WeakMap<Connection, Socket>();
  private readonly connections = new WeakMap<Socket, Connection>();
  /** The node is closing: users are not reconciled one socket at a time. */
  private closing = false;
  /** The node is draining (SIGTERM): sockets were told to reconnect elsewhere. */
  private draining = false;

  constructor(private readonly deps: SocketsDeps) {}

  /** A socket passed the upgrade checks: index it, load its topics, then say `ready`. */
  open(socket: RawSocket, identity: Identity): Connection {
    const conn = new Connection(socket, identity);
    if (this.draining) {
      conn.closed = true;
      socket.close(CLOSE_SERVICE_RESTART, 'Redémarrage');
      return conn;
    }
    this.deps.index.add(conn);
    const handle = this.handleOf(conn);
    this.handles.set(conn, handle);
    this.connections.set(handle, conn);
    if (conn.userId) this.deps.presence.reconcile(conn.userId);
    conn.ready = this.load(conn);
    return conn;
  }

  /** Whether this user may open one more socket on this node (docs/security.md, finding 6). */
  mayOpen(userId: string): boolean {
    return this.deps.index.userConnections(userId).size < this.deps.maxPerUser;
  }

  /**
   * SIGTERM (Hub.drain): every socket closed with CLOSE_SERVICE_RESTART after what is queued
   * for it; a socket that opens meanwhile is closed at once. Returns how many were open.
   */
  drain(): number {
    this.draining = true;
    const conns = this.deps.index.connections();
    for (const conn of conns) this.disconnect(conn, CLOSE_SERVICE_RESTART, 'Redémarrage', false);
    return conns.length;
  }

  /** The node stops: every socket is dropped, users are not reconciled one at a time. */
  closeAll(): void {
    this.closing = true;
    for (const conn of this.deps.index.connections()) {
      this.disconnect(conn, 1001, 'Serveur arrêté', true);
    }
  }

  /** The connection behind a handle frame handlers got. */
  connectionOf(socket: Socket): Connection | undefined {
    return this.connections.get(socket);
  }

  socketFor(conn: Connection): Socket {
    return this.handles.get(conn) ?? this.handleOf(conn);
  }

  reply(conn: Connection, event: ServerEvent): void {
    this.deps.outbox.send(conn, frame(event));
  }

  /** Close a socket: what is queued goes first (unless it is too slow to take it). */
  disconnect(conn: Connection, code: number, reason: string, hard: boolean): void {
    if (conn.closed) return;
    if (!hard) this.deps.outbox.flushConnection(conn);
    this.closed(conn);
    if (hard) conn.socket.terminate();
    else conn.socket.close(code, reason);
  }

  /** The socket closed (or is being closed): forget it everywhere. */
  closed(conn: Connection): void {
    if (conn.closed) return;
    conn.closed = true;
    this.deps.intake.forget(conn);
    conn.queue = [];
    this.deps.index.remove(conn);
    this.deps.watch.remove(conn);
    if (!this.closing && !this.draining && conn.userId) this.deps.presence.reconcile(conn.userId);
    for (const listener of conn.closeListeners.splice(0)) {
      try {
        listener();
      } catch (err) {
        this.deps.log.warn({ err }, 'realtime close listener failed');
      }
    }
  }

  private async load(conn: Connection): Promise<void> {
    try {
      const topics = await this.deps.kinds.initial(conn.identity);
      if (conn.closed) return;
      this.deps.index.loaded(conn, topics);
    } catch (err) {
      // The store refused for now (overload, docs/scaling.md; or away, restarting): come
      // back later, spread out.
      const refused = storeRefusal(err);
      if (refused?.retryAfterSeconds) {
        const retryMs = refused.retryAfterSeconds * 1000;
        this.disconnect(conn, CLOSE_TRY_LATER, JSON.stringify({ retryMs }), false);
        return;
      }
      this.deps.log.warn({ err }, 'realtime: could not load subscriptions');
      this.disconnect(conn, 1011, 'Erreur interne', false);
      return;
    }
    this.deps.outbox.send(conn, frame({ type: 'ready', userId: conn.subject }));
    await this.deps.intake.handlePending(conn);
  }

  /** The handle frame handlers get: one per socket, so features may key state on it. */
  private handleOf(conn: Connection): Socket {
    return {
      identity: conn.identity,
      get closed() {
        return conn.closed;
      },
      isSubscribed: (topic) => conn.has(topic),
      subscribe: (topic) => this.subscribe(conn, topic),
      view: (topic) => this.deps.index.view(conn, topic),
      reply: (event) => this.reply(conn, event),
      close: (code, reason) => this.disconnect(conn, code, reason, false),
      onClosed: (listener) => {
        if (conn.closed) listener();
        else conn.closeListeners.push(listener);
      },
    };
  }

  /**
   * A join: the identity's scope first (a scoped token listens to its topics and nothing
   * else), then the topic kind's authorizer — the database's answer, since this node's
   * index may lag a membership made on another node by a broker hop.
   */
  private async subscribe(conn: Connection, topic: string): Promise<boolean> {
    if (conn.has(topic)) return true;
    if (conn.identity.kind === 'scoped') return false;
    if (!(await this.deps.kinds.authorize(conn.identity, topic))) return false;
    if (conn.closed) return false;
    this.deps.index.subscribe(conn, topic);
    return true;
  }

  /**
   * The broker subscription is back (Hub.resync): `resync` is queued on every socket at once,
   * synchronously, ahead of any event the restored subscription delivers. Then this node's
   * users are declared again, every socket's topics reloaded from the topic kinds, and a
   * socket whose topics changed meanwhile (a topic granted during the outage) told to catch
   * up once more.
   */
  async resync(): Promise<void> {
    const { index, log } = this.deps;
    const resync = frame({ type: 'resync' });
    for (const conn of index.connections()) this.deps.outbox.send(conn, resync);
    await this.deps.presence.restore().catch((err: unknown) => {
      log.warn({ err }, 'presence restore failed');
    });
    const bySubject = new Map<string, string[]>();
    for (const conn of index.connections()) {
      if (bySubject.has(conn.subject)) continue;
      try {
        bySubject.set(conn.subject, await this.deps.kinds.initial(conn.identity));
      } catch (err) {
        log.warn({ err }, 'realtime resync: could not reload subscriptions');
      }
    }
    for (const conn of index.connections()) {
      const topics = bySubject.get(conn.subject);
      if (!topics || conn.loading || conn.identity.kind !== 'user') continue;
      const changed = topics.length !== conn.topics.size || topics.some((t) => !conn.topics.has(t));
      if (!changed) continue;
      index.reset(conn, topics);
      this.deps.outbox.send(conn, resync);
    }
  }

  /** Terminate sockets that did not answer the last ping; ping the others. */
  heartbeat(): void {
    for (const conn of this.deps.index.connections()) {
      if (!conn.alive) {
        this.disconnect(conn, 1001, 'Pas de réponse', true);
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
  }
}
