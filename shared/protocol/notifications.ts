/** The notifications feature's events (server/src/features/notifications/). */
import type { Notification } from '../notifications';

export type NotificationEvent =
  /** A new item, or an unread item that took one more event (same id, count grown). */
  | { type: 'new_notification'; notification: Notification; unreadCount: number }
  | { type: 'notification_read'; notificationId: string; unreadCount: number }
  | { type: 'notifications_read_all'; unreadCount: 0 }
  /** Items gone with the message they were about (deleted): drop them from lists. */
  | { type: 'notifications_deleted'; notificationIds: string[]; unreadCount: number };
