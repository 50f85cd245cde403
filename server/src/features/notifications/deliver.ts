import type { Notification } from '#shared/notifications';
import type { Db } from '../../db/client';
import type { Realtime } from '../../realtime/realtime';
import { type Deps, publish } from '../deps';
import { findPresented } from './presenter';
import { countUnreadOf } from './service';

/** Something else that wants the new notifications (Web Push), given with their owners' ids. */
export type NotificationSink = (
  items: Array<{ userId: string; notification: Notification }>,
) => void;

/** A notification ready to send: its owner, itself, and the owner's unread count if it changed. */
export interface Delivery {
  userId: string;
  notification: Notification;
  unreadCount?: number;
}

/**
 * Present what a statement wrote and send each item to every socket of its owner, on every
 * node (the realtime layer's per-user delivery, one broker message for all), with the
 * owner's new unread count.
 */
export async function deliver(
  deps: { db: Db; realtime: Realtime; log: Deps['log'] },
  ids: string[],
  sinks: NotificationSink[],
  hold?: HoldStep,
): Promise<void> {
  if (ids.length === 0) return;
  const presented = await findPresented(deps.db, ids);
  const counts = await countUnreadOf(deps.db, [...new Set(presented.map((p) => p.userId))]);
  await send(
    deps,
    presented.map((item) => ({ ...item, unreadCount: counts.get(item.userId) ?? 0 })),
    sinks,
    hold,
  );
}

/**
 * A channel's "new messages" item that only took one more message (no count changed): every
 * socket of its owner had that message, and folds it itself (`foldMessage`). Not sent: in a
 * 1,000-member channel that is a thousand events per message, each its own write
 * (docs/notifications.md, "Channel messages fold"; docs/performance-log.md,
 * capacity, 2026-11-27, 17:05).
 */
const foldedOnly = ({ notification, unreadCount }: Delivery) =>
  notification.type === 'channel_message' && unreadCount === undefined;

/**
 * The hold policy asked once for a whole batch (hold.ts): the ids of the items it holds. A
 * failure of it holds nothing (a notification late is worse than one outside hours).
 */
export type HoldStep = (items: Delivery[]) => Promise<ReadonlySet<string>>;

const NONE: ReadonlySet<string> = new Set();

/**
 * Send items already presented (a statement that returned them, as notifyMessage does) to
 * their owners' sockets, but for the folds clients make themselves; the sinks get them all,
 * but those the hold policy holds (sent to sockets with `held: true`, to no sink).
 */
export async function send(
  deps: { realtime: Realtime; log: Deps['log'] },
  items: Delivery[],
  sinks: NotificationSink[],
  hold?: HoldStep,
): Promise<void> {
  if (items.length === 0) return;
  const held = hold
    ? await hold(items).catch((err: unknown) => {
        deps.log.warn({ err }, 'notification hold policy failed: nothing held');
        return NONE;
      })
    : NONE;
  const news = items.filter((item) => !foldedOnly(item));
  if (news.length > 0)
    await publish(deps, 'new_notification', () =>
      deps.realtime.toEach(
        news.map(({ userId, notification, unreadCount }) => ({
          userId,
          event: {
            type: 'new_notification',
            notification,
            ...(unreadCount === undefined ? {} : { unreadCount }),
            ...(held.has(notification.id) ? { held: true as const } : {}),
          },
        })),
      ),
    );
  const free = held.size === 0 ? items : items.filter((i) => !held.has(i.notification.id));
  if (free.length > 0) for (const sink of sinks) sink(free);
}
