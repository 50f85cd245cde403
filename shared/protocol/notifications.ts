/** The notifications feature's events (server/src/features/notifications/). */
import { z } from 'zod';
import type { Notification } from '../notifications';

export type NotificationEvent =
  /**
   * A new item, or an unread item that took one more event (same id, count grown). Without
   * `unreadCount` when the owner's count did not change (that second case): in a large
   * channel, counting again for every member at every message was most of its cost.
   */
  | {
      type: 'new_notification';
      notification: Notification;
      unreadCount?: number;
      /**
       * The owner is outside their working time (docs/notifications.md, « Droit à la
       * déconnexion »): the bell and count update, but no sound and no desktop notification.
       */
      held?: true;
    }
  | { type: 'notification_read'; notificationId: string; unreadCount: number }
  | { type: 'notifications_read_all'; unreadCount: 0 }
  /** Items gone with the message they were about (deleted): drop them from lists. */
  | { type: 'notifications_deleted'; notificationIds: string[]; unreadCount: number };

/**
 * `tab_visibility`: whether this tab is in view (document.visibilityState), and which
 * channel it reads as its messages come (open, tab visible, window focused: the client marks
 * it read at each message), if any. Sent on every (re)connect, on each change of either, and
 * again every TAB_VISIBLE_REFRESH_MS while visible: while a user has a visible tab anywhere,
 * Web Push is not sent, and a channel a tab reads makes its owner no "new messages" item
 * (docs/notifications.md).
 */
export const TabVisibilityFrameSchema = z.object({
  type: z.literal('tab_visibility'),
  visible: z.boolean(),
  reading: z.uuid().nullable().optional(),
});

/** How often a visible tab says so again. */
/** How long the server counts a tab as visible after it last said so. */
export const TAB_VISIBLE_TTL_MS = 45_000;
