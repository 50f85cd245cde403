import type { Connection } from './connection';

const EMPTY: ReadonlySet<Connection> = new Set();

/**
 * Who this node's sockets show the presence of (docs/realtime.md, "Presence"): a client
 * says which people it displays (`presence_watch`: the people of a sidebar, the authors in
 * view, a member list), and a presence change goes to the person's own sockets and to those
 * watching them, not to everyone in every group they belong to. Slack's presence
 * subscriptions, for the same reason: with 1,000-member groups, broadcasting each change to
 * every member online made presence most of the node's deliveries (docs/performance-log.md,
 * "Capacity", its first run).
 */
export class PresenceWatchers {
  private readonly byUser = new Map<string, Set<Connection>>();
  private readonly bySocket = new WeakMap<Connection, Set<string>>();
  /** The latest presence_watch of each socket: an older answer that comes back later is dropped. */
  private readonly generation = new WeakMap<Connection, number>();

  /** The people the socket watches now. */
  of(conn: Connection): ReadonlySet<string> {
    return this.bySocket.get(conn) ?? new Set();
  }

  /** The sockets of this node watching the user. */
  watching(userId: string): ReadonlySet<Connection> {
    return this.byUser.get(userId) ?? EMPTY;
  }

  /** A presence_watch frame arrived: its number, to check with `isLatest` after the awaits. */
  begin(conn: Connection): number {
    const next = (this.generation.get(conn) ?? 0) + 1;
    this.generation.set(conn, next);
    return next;
  }

  isLatest(conn: Connection, generation: number): boolean {
    return this.generation.get(conn) === generation;
  }

  /** Replace what the socket watches. */
  set(conn: Connection, userIds: ReadonlySet<string>): void {
    const before = this.bySocket.get(conn);
    if (before) {
      for (const userId of before) if (!userIds.has(userId)) this.unlink(userId, conn);
    }
    for (const userId of userIds) {
      if (before?.has(userId)) continue;
      let set = this.byUser.get(userId);
      if (!set) {
        set = new Set();
        this.byUser.set(userId, set);
      }
      set.add(conn);
    }
    if (userIds.size === 0) this.bySocket.delete(conn);
    else this.bySocket.set(conn, new Set(userIds));
  }

  /** The socket closed. */
  remove(conn: Connection): void {
    const before = this.bySocket.get(conn);
    if (!before) return;
    for (const userId of before) this.unlink(userId, conn);
    this.bySocket.delete(conn);
  }

  private unlink(userId: string, conn: Connection): void {
    const set = this.byUser.get(userId);
    if (!set) return;
    set.delete(conn);
    if (set.size === 0) this.byUser.delete(userId);
  }
}
