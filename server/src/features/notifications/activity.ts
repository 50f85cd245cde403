import { randomUUID } from 'node:crypto';
import { TAB_VISIBLE_TTL_MS, TabVisibilityFrameSchema } from '#shared/protocol/notifications';
import type { UserIdentity } from '../../realtime/identity';
import type { Realtime, Socket } from '../../realtime/realtime';

interface VisibilityNote {
  userId: string;
  /** One per socket (a tab), made by the node that holds it. */
  tab: string;
  visible: boolean;
}

/**
 * Which users have a tab in view right now, on any node (docs/notifications.md, Web Push):
 * each node keeps, in memory, every user's visible tabs as the `tab_visibility` frames of
 * every node report them (shared through the realtime layer). A tab counts as visible for
 * `ttlMs` after it last said so: a visible tab repeats itself, so a tab whose socket or node
 * died stops counting by itself.
 */
export class VisibleTabs {
  private readonly tabs = new Map<string, Map<string, number>>();

  constructor(
    private readonly ttlMs = TAB_VISIBLE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  note({ userId, tab, visible }: VisibilityNote): void {
    const mine = this.tabs.get(userId) ?? new Map<string, number>();
    if (visible) mine.set(tab, this.now() + this.ttlMs);
    else mine.delete(tab);
    if (mine.size > 0) this.tabs.set(userId, mine);
    else this.tabs.delete(userId);
  }

  /** Whether the user has a tab in view anywhere. */
  has(userId: string): boolean {
    const mine = this.tabs.get(userId);
    if (!mine) return false;
    const now = this.now();
    for (const [tab, until] of mine) if (until <= now) mine.delete(tab);
    if (mine.size === 0) this.tabs.delete(userId);
    return mine.size > 0;
  }
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
    (socket, { visible }) => {
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
      });
    },
    // Repeated by a visible tab on a timer: it says nothing about the person being there.
    { activity: 'none' },
  );
  return { tabs, stop: () => clearInterval(sweep) };
}
