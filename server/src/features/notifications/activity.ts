import { randomUUID } from 'node:crypto';
import { TAB_VISIBLE_TTL_MS, TabVisibilityFrameSchema } from '#shared/protocol/notifications';
import type { UserIdentity } from '../../realtime/identity';
import type { Realtime, Socket } from '../../realtime/realtime';

interface VisibilityNote {
  userId: string;
  /** One per socket (a tab), made by the node that holds it. */
  tab: string;
  visible: boolean;
  /** The channel the tab reads as its messages come, if any (only while visible). */
  reading?: string | null;
}

interface Tab {
  userId: string;
  until: number;
  reading: string | null;
}

/**
 * Which users have a tab in view right now, on any node, and which channel each such tab
 * reads (docs/notifications.md, Web Push and "A channel read as it comes"): each node keeps,
 * in memory, every visible tab as the `tab_visibility` frames of every node report them
 * (shared through the realtime layer). A tab counts as visible for `ttlMs` after it last said
 * so: a visible tab repeats itself, so a tab whose socket or node died stops counting by itself.
 */
export class VisibleTabs {
  private readonly tabs = new Map<string, Tab>();
  private readonly byUser = new Map<string, Set<string>>();
  private readonly byChannel = new Map<string, Set<string>>();

  constructor(
    private readonly ttlMs = TAB_VISIBLE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  note({ userId, tab, visible, reading }: VisibilityNote): void {
    this.forget(tab);
    if (!visible) return;
    const entry = { userId, until: this.now() + this.ttlMs, reading: reading ?? null };
    this.tabs.set(tab, entry);
    add(this.byUser, userId, tab);
    if (entry.reading) add(this.byChannel, entry.reading, tab);
  }

  /** Whether the user has a tab in view anywhere. */
  has(userId: string): boolean {
    return this.live(this.byUser.get(userId)).length > 0;
  }

  /** The users with a tab in view reading `channelId` now. */
  readersOf(channelId: string): string[] {
    const tabs = this.live(this.byChannel.get(channelId));
    return [...new Set(tabs.map((tab) => tab.userId))];
  }

  /** Forget the tabs past their time (those of a node that died and were not asked about). */
  prune(): void {
    const now = this.now();
    for (const [id, tab] of this.tabs) if (tab.until <= now) this.forget(id);
  }

  /** The tabs of `ids` still within their time; the others are forgotten. */
  private live(ids: Set<string> | undefined): Tab[] {
    if (!ids) return [];
    const now = this.now();
    const live: Tab[] = [];
    for (const id of ids) {
      const tab = this.tabs.get(id);
      if (tab && tab.until > now) live.push(tab);
      else this.forget(id);
    }
    return live;
  }

  private forget(id: string): void {
    const tab = this.tabs.get(id);
    if (!tab) return;
    this.tabs.delete(id);
    remove(this.byUser, tab.userId, id);
    if (tab.reading) remove(this.byChannel, tab.reading, id);
  }
}

function add(index: Map<string, Set<string>>, key: string, tab: string): void {
  const set = index.get(key);
  if (set) set.add(tab);
  else index.set(key, new Set([tab]));
}

function remove(index: Map<string, Set<string>>, key: string, tab: string): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(tab);
  if (set.size === 0) index.delete(key);
}

const NOTE = 'notifications:tab_visibility';

/** How often a node looks for closed sockets among the visible tabs it holds. */
const CLOSED_SWEEP_MS = 2_000;

/**
 * Registers the `tab_visibility` frame; returns this node's view of every visible tab, and
 * `stop` for shutdown. A visible tab whose socket closes (the tab was closed, the network
 * dropped) is reported hidden within CLOSED_SWEEP_MS by the node that held it.
 */
export function trackVisibleTabs(realtime: Realtime): { tabs: VisibleTabs; stop(): void } {
  const tabs = new VisibleTabs();
  const ids = new WeakMap<Socket<UserIdentity>, string>();
  const visibleHere = new Set<Socket<UserIdentity>>();
  realtime.onShared<VisibilityNote>(NOTE, (note) => tabs.note(note));
  const sweep = setInterval(() => {
    tabs.prune();
    for (const socket of visibleHere) {
      if (!socket.closed) continue;
      visibleHere.delete(socket);
      const tab = ids.get(socket);
      if (tab)
        void realtime
          .share<VisibilityNote>(NOTE, { userId: socket.identity.userId, tab, visible: false })
          .catch(() => {});
    }
  }, CLOSED_SWEEP_MS);
  sweep.unref();
  realtime.onFrame(
    'tab_visibility',
    TabVisibilityFrameSchema,
    (socket, { visible, reading }) => {
      let tab = ids.get(socket);
      if (!tab) {
        tab = randomUUID();
        ids.set(socket, tab);
      }
      if (visible) visibleHere.add(socket);
      else visibleHere.delete(socket);
      return realtime.share<VisibilityNote>(NOTE, {
        userId: socket.identity.userId,
        tab,
        visible,
        reading: visible ? (reading ?? null) : null,
      });
    },
    // Repeated by a visible tab on a timer: it says nothing about the person being there.
    { activity: 'none' },
  );
  return { tabs, stop: () => clearInterval(sweep) };
}
