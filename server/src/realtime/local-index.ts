import type { Connection } from './connection';

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
 * This node's view of who listens to what: channel → sockets of its members, user → sockets,
 * session → sockets. Kept current by membership changes from every node (through the broker).
 */
export class LocalIndex {
  private readonly byChannel = new Map<string, Set<Connection>>();
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySession = new Map<string, Set<Connection>>();

  /** Returns true when this is the user's first socket on this node. */
  add(conn: Connection): boolean {
    const first = !this.byUser.has(conn.userId);
    addTo(this.byUser, conn.userId, conn);
    addTo(this.bySession, conn.sessionId, conn);
    return first;
  }

  /** Returns true when it was the user's last socket on this node. */
  remove(conn: Connection): boolean {
    for (const channelId of conn.channels) removeFrom(this.byChannel, channelId, conn);
    conn.channels.clear();
    removeFrom(this.bySession, conn.sessionId, conn);
    removeFrom(this.byUser, conn.userId, conn);
    return !this.byUser.has(conn.userId);
  }

  subscribe(conn: Connection, channelId: string): void {
    if (conn.closed) return;
    conn.removedWhileLoading.delete(channelId);
    conn.channels.add(channelId);
    addTo(this.byChannel, channelId, conn);
  }

  /** The socket's subscriptions are loaded: apply them, minus what was removed meanwhile. */
  loaded(conn: Connection, channelIds: readonly string[]): void {
    for (const channelId of channelIds) {
      if (!conn.removedWhileLoading.has(channelId)) this.subscribe(conn, channelId);
    }
    conn.loading = false;
    conn.removedWhileLoading.clear();
  }

  /** Replace a socket's subscriptions with a fresh list from the database. */
  reset(conn: Connection, channelIds: readonly string[]): void {
    const next = new Set(channelIds);
    for (const channelId of [...conn.channels]) {
      if (!next.has(channelId)) this.unsubscribe(conn, channelId);
    }
    for (const channelId of next) this.subscribe(conn, channelId);
  }

  memberAdded(channelId: string, userId: string): void {
    for (const conn of this.userConnections(userId)) this.subscribe(conn, channelId);
  }

  memberRemoved(channelId: string, userId: string): void {
    for (const conn of this.userConnections(userId)) this.unsubscribe(conn, channelId);
  }

  channelDeleted(channelId: string): void {
    for (const conn of [...this.channelConnections(channelId)]) this.unsubscribe(conn, channelId);
    // Sockets still loading may yet see the channel in a list read before the delete.
    for (const set of this.byUser.values()) {
      for (const conn of set) if (conn.loading) conn.removedWhileLoading.add(channelId);
    }
    this.byChannel.delete(channelId);
  }

  channelConnections(channelId: string): ReadonlySet<Connection> {
    return this.byChannel.get(channelId) ?? EMPTY;
  }

  userConnections(userId: string): ReadonlySet<Connection> {
    return this.byUser.get(userId) ?? EMPTY;
  }

  sessionConnections(sessionId: string): ReadonlySet<Connection> {
    return this.bySession.get(sessionId) ?? EMPTY;
  }

  users(): IterableIterator<string> {
    return this.byUser.keys();
  }

  connections(): Connection[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  private unsubscribe(conn: Connection, channelId: string): void {
    conn.channels.delete(channelId);
    if (conn.activeChannelId === channelId) conn.activeChannelId = null;
    if (conn.loading) conn.removedWhileLoading.add(channelId);
    removeFrom(this.byChannel, channelId, conn);
  }
}
