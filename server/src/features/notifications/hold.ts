import type { Notification } from '#shared/notifications';
import type { EventBus } from '../../events/bus';

/**
 * Holding notifications (docs/notifications.md, « Droit à la déconnexion »): another feature
 * may register ONE policy per app, which each batch of new notifications is asked once, with
 * all its recipients — not a check per recipient nor per feature on the send path. The items
 * it answers are held: written and sent to their owners' sockets as usual (bell and unread
 * count live, `held: true` on the event), but given to no sink (Web Push) until the policy
 * releases them through `releaseNotifications`.
 */

export interface HoldContext {
  /**
   * Notified now whatever the time: an urgent message, or one's own reminder, due when its
   * owner asked for it.
   */
  immediate: boolean;
}

/** Answers the ids of the notifications it holds, among `items`. */
export type HoldPolicy = (
  items: ReadonlyArray<{ userId: string; notification: Notification }>,
  context: HoldContext,
) => Promise<ReadonlySet<string>>;

/** What releasing held notifications answers: each one still there, with its owner's count. */
export interface Released {
  userId: string;
  notificationId: string;
  unreadCount: number;
}

interface HoldPoint {
  policy?: HoldPolicy;
  /** Set by subscribeNotifications: sends items to the sinks it was given. */
  release?: (notificationIds: string[]) => Promise<Released[]>;
}

const points = new WeakMap<EventBus, HoldPoint>();

const pointOf = (events: EventBus): HoldPoint => {
  let point = points.get(events);
  if (!point) {
    point = {};
    points.set(events, point);
  }
  return point;
};

/** The policy of this app (its event bus); a second registration replaces the first. */
export function registerHoldPolicy(events: EventBus, policy: HoldPolicy): void {
  pointOf(events).policy = policy;
}

export function holdPolicyOf(events: EventBus): HoldPolicy | undefined {
  return points.get(events)?.policy;
}

export function setReleaser(
  events: EventBus,
  release: (notificationIds: string[]) => Promise<Released[]>,
): void {
  pointOf(events).release = release;
}

/**
 * Held notifications whose time came: those still unread go to the sinks now (Web Push).
 * Answers them, with their owners' unread counts.
 */
export async function releaseNotifications(
  events: EventBus,
  notificationIds: string[],
): Promise<Released[]> {
  const release = points.get(events)?.release;
  if (!release || notificationIds.length === 0) return [];
  return release(notificationIds);
}
