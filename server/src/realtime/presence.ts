import type { UserStatus } from '#shared/limits';
import type { PresenceStore } from './broker';
import type { Log } from './broker-redis';

/** PRESENCE_OFFLINE_GRACE_MS's default: a reload, or a phone changing networks, takes less. */
export const PRESENCE_OFFLINE_GRACE_MS = 10_000;

export interface PresenceDeps {
  store: PresenceStore;
  /** Whether the user has an open socket on this node. */
  isHere(userId: string): boolean;
  /** The user's most recent client frame on this node (ms), for the away rule. */
  lastActivity(userId: string): number;
  /** Tell every node (the user's sockets and those watching them) about a change. */
  publish(userId: string, status: UserStatus, auto: boolean): Promise<void>;
  /**
   * users.status, which REST reads. Called off the frame and request paths (from a user's
   * chain), at most once per change of the user's status; the store may batch users' writes.
   */
  saveStatus(userId: string, status: UserStatus): Promise<void>;
  loadStatuses(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  /** users.chosen_status: what a user who connects starts as (online, away, or appearing offline). */
  loadChosenStatus(userId: string): Promise<UserStatus>;
  /** Start-up on the only node: nobody is connected, so nobody is online. */
  resetAll(): Promise<void>;
  awayAfterMs: number;
  /**
   * How long a user whose last socket here closed still counts as here: a page reloading (or
   * a phone changing networks) reconnects within it, and nobody sees them go offline and
   * come back (docs/realtime.md, "Presence"). 0: at once.
   */
  offlineGraceMs: number;
  log: Log;
}

interface Known {
  status: UserStatus;
  /** Set by the inactivity rule, so activity brings the user back; a chosen status stays. */
  auto: boolean;
  /**
   * The status last announced, by any node, and so the one stored: `tick` and `active` move
   * `status` ahead of it at once, and the change they queue writes it.
   */
  announced: UserStatus;
}

/**
 * docs/product.md §4 presence: online when a user has a socket anywhere, offline when their last one
 * closes (after `offlineGraceMs`, in which a new socket takes over as if nothing happened),
 * away after `awayAfterMs` without a client frame or when the client says so.
 * Transitions of one user run one after another (a chain per user), so a socket that
 * opens and closes at once cannot leave the store and users.status disagreeing.
 *
 * Writes are few and off the path of frames and requests: no frame handler and no request
 * awaits a chain; a chain writes users.status only when the status changes (a client
 * re-sending the status it shows costs nothing); sockets that open and close while a
 * user's chain is busy are settled by one look once it is free, not one write each; and the
 * users feature gathers the writes of users changing at once into one statement.
 */
export class Presence {
  /** Users this node has declared to the store. */
  private readonly registered = new Set<string>();
  private readonly chains = new Map<string, Promise<void>>();
  /** The status of users with sockets here, kept current by every node's presence events. */
  private readonly known = new Map<string, Known>();
  /** Users whose last socket here closed, within their grace: the timer that lets them go. */
  private readonly leaving = new Map<string, NodeJS.Timeout>();

  constructor(private readonly deps: PresenceDeps) {}

  async start(): Promise<void> {
    if (!(await this.deps.store.otherNodesAlive())) await this.deps.resetAll();
    await this.deps.store.beat();
  }

  /**
   * A socket of the user opened or closed here: bring the store in line — after the grace
   * when it was their last one here.
   */
  reconcile(userId: string): void {
    const timer = this.leaving.get(userId);
    if (timer) {
      clearTimeout(timer);
      this.leaving.delete(userId);
    }
    const gone = !this.deps.isHere(userId) && this.registered.has(userId);
    if (gone && this.deps.offlineGraceMs > 0) {
      const later = setTimeout(() => {
        this.leaving.delete(userId);
        this.settle(userId);
      }, this.deps.offlineGraceMs);
      later.unref();
      this.leaving.set(userId, later);
      return;
    }
    this.settle(userId);
  }

  private settle(userId: string): void {
    this.chain(userId, async () => {
      const here = this.deps.isHere(userId);
      if (here === this.registered.has(userId)) return;
      if (here) {
        this.registered.add(userId);
        if (await this.deps.store.nodeJoined(userId)) await this.transition(userId, true);
        else if (!this.known.has(userId)) await this.learn(userId);
      } else {
        this.registered.delete(userId);
        this.known.delete(userId);
        if (await this.deps.store.nodeLeft(userId)) await this.transition(userId, false);
      }
    });
  }

  /**
   * The user chose a status (presence frame, or PATCH /api/auth/user): it shows at once if
   * they are connected somewhere; otherwise they stay offline until they connect.
   */
  choose(userId: string, status: UserStatus): void {
    this.chain(userId, async () => {
      if ((await this.deps.store.connected([userId])).has(userId)) {
        await this.change(userId, status, false);
      }
    });
  }

  /** A client frame arrived: an automatic away ends. */
  active(userId: string): void {
    const known = this.known.get(userId);
    if (known?.auto && known.status === 'away') {
      known.auto = false;
      this.chain(userId, () => this.change(userId, 'online', false));
    }
  }

  /** A presence event went by (from any node): remember it for users with sockets here. */
  remember(userId: string, status: UserStatus, auto: boolean): void {
    if (this.registered.has(userId)) this.known.set(userId, { status, auto, announced: status });
  }

  /** Heartbeat: keep this node alive in the store, reap dead ones, apply the away rule. */
  async tick(now = Date.now()): Promise<void> {
    for (const userId of await this.deps.store.beat()) {
      this.chain(userId, () => this.change(userId, 'offline', false));
    }
    for (const [userId, known] of this.known) {
      // Gone from here, within the grace: no socket to be active on.
      if (known.status !== 'online' || this.leaving.has(userId)) continue;
      if (now - this.deps.lastActivity(userId) < this.deps.awayAfterMs) continue;
      known.status = 'away';
      known.auto = true;
      this.chain(userId, () => this.change(userId, 'away', true));
    }
  }

  /** Statuses as REST should show them: whoever has no socket anywhere is offline. */
  async statuses(userIds: readonly string[]): Promise<Map<string, UserStatus>> {
    const connected = await this.deps.store.connected(userIds);
    const unknown = [...connected].filter((id) => !this.known.has(id));
    const saved = unknown.length ? await this.deps.loadStatuses(unknown) : new Map();
    const out = new Map<string, UserStatus>();
    for (const id of userIds) {
      if (!connected.has(id)) out.set(id, 'offline');
      else out.set(id, this.known.get(id)?.status ?? saved.get(id) ?? 'online');
    }
    return out;
  }

  /** After the store may have lost this node's entry (Redis restarted). */
  restore(): Promise<void> {
    return this.deps.store.restore(this.registered);
  }

  /** Shutting down: the users only here go offline, then the node leaves the store. */
  async close(): Promise<void> {
    for (const timer of this.leaving.values()) clearTimeout(timer);
    this.leaving.clear();
    for (const userId of this.registered) this.settle(userId);
    await this.settled();
    await this.deps.store.close();
  }

  /** Every pending transition has run (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.chains.size > 0) await Promise.all([...this.chains.values()]);
  }

  /** First socket anywhere (connected) or last one gone: the live status follows. */
  private async transition(userId: string, connected: boolean): Promise<void> {
    const liveStatus = async (isConnected: boolean) =>
      isConnected ? this.deps.loadChosenStatus(userId) : ('offline' as const);
    await this.change(userId, await liveStatus(connected), false);
    // Another node may have written the opposite transition just before us: whoever writes
    // last checks the store again and puts right what it overwrote.
    const now = (await this.deps.store.connected([userId])).has(userId);
    if (now !== connected) await this.change(userId, await liveStatus(now), false);
  }

  /**
   * Show `status`: store it, then announce it (REST and the event agree once it is out). No
   * write when the store has it already; nothing at all when it is already what everyone was
   * told, automatic or not.
   */
  private async change(userId: string, status: UserStatus, auto: boolean): Promise<void> {
    const known = this.known.get(userId);
    const stored = known?.announced === status;
    if (stored && known.status === status && known.auto === auto) return;
    if (!stored) await this.deps.saveStatus(userId, status);
    this.remember(userId, status, auto);
    await this.deps.publish(userId, status, auto);
  }

  private async learn(userId: string): Promise<void> {
    const saved = (await this.deps.loadStatuses([userId])).get(userId);
    if (saved && this.registered.has(userId))
      this.known.set(userId, { status: saved, auto: false, announced: saved });
  }

  private chain(userId: string, task: () => Promise<void>): void {
    const previous = this.chains.get(userId) ?? Promise.resolve();
    const next = previous
      .then(task)
      .catch((err: unknown) => this.deps.log.warn({ err, userId }, 'presence update failed'))
      .finally(() => {
        if (this.chains.get(userId) === next) this.chains.delete(userId);
      });
    this.chains.set(userId, next);
  }
}
