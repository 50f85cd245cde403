import type { UserStatus } from '#shared/limits';
import type { ServerEvent } from '#shared/protocol';
import type { Log } from './broker-redis';
import type { Connection } from './connection';
import type { PresenceVisibility } from './realtime';

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

export interface PresenceWatchDeps {
  /** Live statuses (Presence.statuses). */
  statuses(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  reply(conn: Connection, event: ServerEvent): void;
  log: Log;
}

/**
 * presence_watch and its rules: whom a socket may watch (the features' visibility rules),
 * what it watches now (PresenceWatchers), and the statuses it is shown when that changes.
 */
export class PresenceWatch {
  readonly watchers = new PresenceWatchers();
  private readonly visibilities: PresenceVisibility[] = [];

  constructor(private readonly deps: PresenceWatchDeps) {}

  /** Add a rule of who may see whose presence (Realtime.presenceVisible). */
  visible(visibility: PresenceVisibility): void {
    this.visibilities.push(visibility);
  }

  /** The sockets of this node watching the user. */
  watching(userId: string): ReadonlySet<Connection> {
    return this.watchers.watching(userId);
  }

  /** The socket closed. */
  remove(conn: Connection): void {
    this.watchers.remove(conn);
  }

  /**
   * presence_watch (docs/realtime.md, "Presence"): the socket now watches these people, those
   * of them it may see (new ones are checked with the features' visibility rules, people
   * already watched stay), and gets their statuses now in one `presence_state`.
   */
  async watch(conn: Connection, userIds: readonly string[]): Promise<void> {
    const { watchers } = this;
    const generation = watchers.begin(conn);
    const self = conn.userId as string;
    const wanted = new Set(userIds);
    const kept = [...watchers.of(conn)].filter((id) => wanted.has(id));
    const fresh = [...wanted].filter((id) => id !== self && !watchers.of(conn).has(id));
    const visible = fresh.length > 0 ? await this.visibleTo(conn, fresh) : new Set<string>();
    if (conn.closed || !watchers.isLatest(conn, generation)) return;
    const next = new Set([...kept, ...visible]);
    watchers.set(conn, next);
    const shown = wanted.has(self) ? [...next, self] : [...next];
    const statuses = await this.deps.statuses(shown);
    if (conn.closed || !watchers.isLatest(conn, generation)) return;
    this.deps.reply(conn, { type: 'presence_state', statuses: Object.fromEntries(statuses) });
  }

  /**
   * Keep, of what the socket watches (or of `of`), only those the rules still let the user
   * see. `of` stops at once, before this returns, and comes back if still visible.
   */
  async recheck(conn: Connection, of?: readonly string[]): Promise<void> {
    const { watchers } = this;
    const watched = watchers.of(conn);
    const doubtful = of ? of.filter((id) => watched.has(id)) : [...watched];
    if (doubtful.length === 0 || !conn.userId) return;
    const generation = watchers.begin(conn);
    const sure = [...watched].filter((id) => !doubtful.includes(id));
    watchers.set(conn, new Set(sure));
    const visible = await this.visibleTo(conn, doubtful).catch((err: unknown) => {
      this.deps.log.warn({ err }, 'realtime: presence recheck failed');
      return new Set<string>();
    });
    if (conn.closed || !watchers.isLatest(conn, generation) || visible.size === 0) return;
    watchers.set(conn, new Set([...sure, ...visible]));
    const statuses = await this.deps.statuses([...visible]);
    if (conn.closed) return;
    this.deps.reply(conn, { type: 'presence_state', statuses: Object.fromEntries(statuses) });
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
}
