import type { Connection } from './connection';
import { userTopic } from './identity';

const EMPTY: ReadonlySet<Connection> = new Set();

function addTo<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  let set = map.get(key);
  if (!set) {
    set = new Set();
    map.set(key, set);
  }
  set.add(conn);
}

function removeFrom<K>(map: Map<K, Set<Connection>>, key: K, conn: Connection): void {
  const set = map.get(key);
  if (!set) return;
  set.delete(conn);
  if (set.size === 0) map.delete(key);
}

/**
 * This node's view of who listens to what: topic → sockets. Identity topics (a user's, a
 * session's, a scoped token's) are held for the socket's life; granted topics follow the
 * subscription changes of every node (through the broker).
 */
export class LocalIndex {
  private readonly byTopic = new Map<string, Set<Connection>>();
  private readonly all = new Set<Connection>();
  /**
   * The sockets viewing each topic (Connection.viewing, inverted): an event for a topic's
   * viewers walks them, not every subscriber — the few viewers of a topic with 1,000
   * subscribers (docs/performance-log.md, capacity, "2026-11-28, 03:20").
   */
  private readonly viewers = new Map<string, Set<Connection>>();

  add(conn: Connection): void {
    this.all.add(conn);
    for (const topic of conn.fixedTopics) addTo(this.byTopic, topic, conn);
  }

  remove(conn: Connection): void {
    for (const topic of conn.topics) removeFrom(this.byTopic, topic, conn);
    conn.topics.clear();
    for (const topic of conn.fixedTopics) removeFrom(this.byTopic, topic, conn);
    this.all.delete(conn);
    this.unview(conn);
  }

  /** The socket has `topic` on screen now (Socket.view), instead of what it viewed before. */
  view(conn: Connection, topic: string): void {
    if (conn.viewing === topic) return;
    this.unview(conn);
    conn.viewing = topic;
    if (!conn.closed) addTo(this.viewers, topic, conn);
  }

  /** The sockets viewing `topic` (they may have stopped listening to it since). */
  viewersOf(topic: string): ReadonlySet<Connection> {
    return this.viewers.get(topic) ?? EMPTY;
  }

  subscribe(conn: Connection, topic: string): void {
    if (conn.closed || conn.fixedTopics.includes(topic)) return;
    conn.removedWhileLoading.delete(topic);
    conn.topics.add(topic);
    addTo(this.byTopic, topic, conn);
  }

  /** The socket's subscriptions are loaded: apply them, minus what was removed meanwhile. */
  loaded(conn: Connection, topics: readonly string[]): void {
    for (const topic of topics) {
      if (!conn.removedWhileLoading.has(topic)) this.subscribe(conn, topic);
    }
    conn.loading = false;
    conn.removedWhileLoading.clear();
  }

  /** Replace a socket's granted topics with a fresh list from the topic kinds. */
  reset(conn: Connection, topics: readonly string[]): void {
    const next = new Set(topics);
    for (const topic of [...conn.topics]) {
      if (!next.has(topic)) this.unsubscribe(conn, topic);
    }
    for (const topic of next) this.subscribe(conn, topic);
  }

  /** Every socket listening to `who` (e.g. a user's topic) starts listening to `topic`. */
  follow(topic: string, who: string): void {
    for (const conn of this.connectionsOf(who)) this.subscribe(conn, topic);
  }

  unfollow(topic: string, who: string): void {
    for (const conn of [...this.connectionsOf(who)]) this.unsubscribe(conn, topic);
  }

  /** The topic is gone: nobody listens any more, not even sockets still loading a stale list. */
  drop(topic: string): void {
    for (const conn of [...this.connectionsOf(topic)]) this.unsubscribe(conn, topic);
    for (const conn of this.all) if (conn.loading) conn.removedWhileLoading.add(topic);
    this.byTopic.delete(topic);
  }

  connectionsOf(topic: string): ReadonlySet<Connection> {
    return this.byTopic.get(topic) ?? EMPTY;
  }

  userConnections(userId: string): ReadonlySet<Connection> {
    return this.connectionsOf(userTopic(userId));
  }

  /** The user's most recent client frame on any of their sockets here (ms; 0: none). */
  lastActivity(userId: string): number {
    let last = 0;
    for (const conn of this.userConnections(userId)) last = Math.max(last, conn.lastActivity);
    return last;
  }

  /** Users with a socket on this node. */
  users(): string[] {
    const out = new Set<string>();
    for (const conn of this.all) if (conn.userId) out.add(conn.userId);
    return [...out];
  }

  connections(): Connection[] {
    return [...this.all];
  }

  get size(): number {
    return this.all.size;
  }

  private unview(conn: Connection): void {
    if (conn.viewing !== undefined) removeFrom(this.viewers, conn.viewing, conn);
  }

  private unsubscribe(conn: Connection, topic: string): void {
    if (conn.loading) conn.removedWhileLoading.add(topic);
    if (conn.topics.delete(topic)) removeFrom(this.byTopic, topic, conn);
  }
}
