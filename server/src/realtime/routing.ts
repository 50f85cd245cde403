import type { UserStatus } from '#shared/limits';
import { CLOSE_SESSION_ENDED, type ServerEvent } from '#shared/protocol';
import type { Broker } from './broker';
import type { Log } from './broker-redis';
import type { Connection } from './connection';
import { decodeEnvelope, type Envelope, encodeEnvelope, type Route } from './envelope';
import { SESSION_TOPIC, topicOf, userTopic } from './identity';
import type { LocalIndex } from './local-index';
import type { Outbox } from './outbox';
import type { Presence } from './presence';
import type { PresenceWatch } from './presence-watch';

export interface TopicOptions {
  exceptUserId?: string;
  share?: string;
  viewersOnly?: boolean;
}

export interface RoutingDeps {
  broker: Broker;
  index: LocalIndex;
  outbox: Outbox;
  presence: Presence;
  watch: PresenceWatch;
  disconnect(conn: Connection, code: number, reason: string, hard: boolean): void;
  log: Log;
  /** A broker message from another node arrived this long (ms, by both clocks) after its publish. */
  onBrokerLag?: ((ms: number) => void) | undefined;
}

const frame = (event: ServerEvent) => JSON.stringify(event);

/**
 * Where a route goes (envelope.ts): published to every node through the broker, applied on
 * each — this one first, at once — and delivered to the sockets it names, or to the
 * features' shared-note handlers.
 */
export class Routing {
  private readonly sharedHandlers = new Map<string, Array<(note: unknown) => void>>();

  constructor(private readonly deps: RoutingDeps) {
    deps.broker.onMessage((raw) => this.receive(raw));
  }

  onShared<T>(name: string, handler: (note: T) => void): void {
    const list = this.sharedHandlers.get(name) ?? [];
    list.push(handler as (note: unknown) => void);
    this.sharedHandlers.set(name, list);
  }

  // ── the routes the features' calls make (Realtime, realtime.ts) ─────────────────────

  async toTopic(topic: string, event: ServerEvent, options: TopicOptions = {}): Promise<void> {
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
    if (userIds.length === 0) return;
    this.publish({ k: 'topics', t: userIds.map(userTopic) }, frame(event));
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

  /** A user's status changed (Presence.publish): their sockets and those watching them. */
  async presenceChanged(userId: string, status: UserStatus, auto: boolean): Promise<void> {
    const event = frame({ type: 'presence_update', userId, status });
    this.publish({ k: 'presence', u: userId, s: status, auto }, event);
  }

  async sessionEnded(sessionId: string): Promise<void> {
    const t = topicOf(SESSION_TOPIC, sessionId);
    this.publish({ k: 'close', t, c: CLOSE_SESSION_ENDED, r: 'Session terminée' });
  }

  /**
   * Apply here at once (a removal takes effect before the REST call returns), then tell the
   * others. `local` is the body as an object, so that this node's shared-note handlers need
   * not parse it back.
   */
  publish(route: Route, event?: string, local?: { note: unknown }): void {
    const envelope: Envelope = {
      origin: this.deps.broker.nodeId,
      route,
      event,
      sentAt: Date.now(),
    };
    this.apply(envelope, local);
    this.deps.broker.publish(encodeEnvelope(envelope));
  }

  private receive(raw: string): void {
    let envelope: Envelope;
    try {
      envelope = decodeEnvelope(raw);
    } catch (err) {
      this.deps.log.warn({ err }, 'realtime: unreadable broker message');
      return;
    }
    if (envelope.origin === this.deps.broker.nodeId) return;
    if (envelope.sentAt !== undefined) this.deps.onBrokerLag?.(Date.now() - envelope.sentAt);
    this.apply(envelope);
  }

  private apply({ route, event }: Envelope, local?: { note: unknown }): void {
    const payload = event ?? '';
    const { index } = this.deps;
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
      case 'each':
        this.deliverEach(route.t, payload);
        break;
      case 'shared':
        this.notify(route.n, payload, local);
        break;
      case 'presence':
        this.deps.presence.remember(route.u, route.s, route.auto);
        this.deliverPresence(route.u, payload);
        break;
      case 'recheck':
        for (const conn of index.connectionsOf(userTopic(route.u))) {
          void this.deps.watch.recheck(conn, route.of);
        }
        break;
      case 'follow':
        index.follow(route.t, route.w);
        break;
      case 'unfollow':
        index.unfollow(route.t, route.w);
        break;
      case 'drop':
        index.drop(route.t);
        break;
      case 'close':
        for (const conn of [...index.connectionsOf(route.t)]) {
          this.deps.disconnect(conn, route.c, route.r, false);
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
      this.deps.log.warn({ err, name }, 'realtime: unreadable shared note');
      return;
    }
    for (const handler of handlers) {
      try {
        handler(note);
      } catch (err) {
        this.deps.log.warn({ err, name }, 'realtime: shared note handler failed');
      }
    }
  }

  /** One event per topic, one per line of the body, in the order of `topics`. */
  private deliverEach(topics: string[], payload: string): void {
    let start = 0;
    for (const topic of topics) {
      const end = payload.indexOf('\n', start);
      this.deliver([topic], payload.slice(start, end === -1 ? undefined : end));
      if (end === -1) break;
      start = end + 1;
    }
  }

  /** A presence change: the user's own sockets and the sockets watching them, once each. */
  private deliverPresence(userId: string, payload: string): void {
    const { index, outbox } = this.deps;
    const own = index.connectionsOf(userTopic(userId));
    const watching = this.deps.watch.watching(userId);
    if (watching.size === 0) {
      outbox.deliver(own, own.size, payload);
      return;
    }
    const targets = new Set(own);
    for (const conn of watching) targets.add(conn);
    outbox.deliver(targets, targets.size, payload);
  }

  /** The sockets viewing one of `topics` that are subscribed to it (a viewer may have left). */
  private deliverToViewers(topics: string[], payload: string, except: string | undefined): void {
    const targets: Connection[] = [];
    for (const topic of topics) {
      for (const conn of this.deps.index.viewersOf(topic)) {
        if (conn.has(topic) && (!except || conn.subject !== except)) targets.push(conn);
      }
    }
    this.deps.outbox.deliver(targets, targets.length, payload);
  }

  /** One topic's live set as it is (the common case); several topics' sockets once each. */
  private deliver(topics: string[], payload: string, accept?: (conn: Connection) => boolean) {
    const { index, outbox } = this.deps;
    if (topics.length === 1) {
      const targets = index.connectionsOf(topics[0] as string);
      outbox.deliver(targets, targets.size, payload, accept);
      return;
    }
    const targets = new Set<Connection>();
    for (const topic of topics) {
      for (const conn of index.connectionsOf(topic)) targets.add(conn);
    }
    outbox.deliver(targets, targets.size, payload, accept);
  }
}
