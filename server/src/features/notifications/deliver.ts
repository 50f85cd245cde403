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

/**
 * Present what a statement wrote and send each item to every socket of its owner, on every
 * node (the realtime layer's per-user delivery), with the owner's new unread count.
 */
export async function deliver(
  deps: { db: Db; realtime: Realtime; log: Deps['log'] },
  ids: string[],
  sinks: NotificationSink[],
): Promise<void> {
  if (ids.length === 0) return;
  const presented = await findPresented(deps.db, ids);
  const counts = await countUnreadOf(deps.db, [...new Set(presented.map((p) => p.userId))]);
  await publish(
    deps,
    'new_notification',
    ...presented.map(
      ({ userId, notification }) =>
        () =>
          deps.realtime.toUsers([userId], {
            type: 'new_notification',
            notification,
            unreadCount: counts.get(userId) ?? 0,
          }),
    ),
  );
  for (const sink of sinks) sink(presented);
}
