import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';
import { foldMessage, foldsInto } from '#shared/notification-fold';
import { useCurrentUser } from '@/features/auth';
import { API_ORIGIN } from '@/lib/api';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import {
  cachedFold,
  NOTIFICATIONS_KEY,
  patchNotifications,
  putFirst,
  removeNotifications,
} from '../api/get-notifications';
import { setUnreadCount, UNREAD_COUNT_KEY } from '../api/get-unread-count';
import { HeldFolds } from '../lib/fold';
import { notificationHref } from '../lib/links';
import { useTabVisibility } from './use-tab-visibility';

/**
 * new_notification, notification_read, notifications_read_all and notifications_deleted →
 * the bell's badge and list, in every tab of the user; a new item also shows as a desktop notification while the
 * tab is hidden. A channel's new message folds into its unread "new messages" item here, as
 * the server folded it without a word (docs/notifications.md, "Channel messages fold").
 * Once the socket is ready the count is fetched afresh, and after a reconnect the list too.
 */
export function useNotificationEvents(): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const me = useCurrentUser().user?.id;
  const [held] = useState(() => new HeldFolds());
  const setCount = (count: number) => setUnreadCount(queryClient, count);
  useTabVisibility();
  // The service worker (Web Push) is registered by the app once signed in (app/offline-cache.ts);
  // it asks for nothing by itself (permission is asked from the settings only).

  useSocketEvent('new_notification', (event) => {
    // Absent: unchanged (an unread item that took one more message).
    if (event.unreadCount !== undefined) setCount(event.unreadCount);
    const notification =
      event.notification.type === 'channel_message'
        ? held.complete(event.notification)
        : event.notification;
    putFirst(queryClient, notification);
    // Held for the owner's working hours (docs/notifications.md, « Droit à la déconnexion »):
    // in the bell only, no sound and no notification on the device until it is released.
    if (event.held) return;
    // The mobile app, in the background: a notification on the phone (docs/mobile.md).
    if (API_ORIGIN && document.visibilityState === 'hidden') {
      void import('@/native/start').then(({ notifyInApp }) =>
        notifyInApp(notification, notificationHref(notification)),
      );
      return;
    }
    // Only a hidden tab with permission shows one: the code for it loads then, not up front.
    if (
      document.visibilityState === 'hidden' &&
      'Notification' in window &&
      Notification.permission === 'granted'
    ) {
      void import('../lib/desktop').then(({ showDesktop }) =>
        showDesktop(notification.title, notification.content, notification.id, () =>
          navigate(notificationHref(notification)),
        ),
      );
    }
  });
  useSocketEvent('new_message', ({ message }) => {
    if (!me || !foldsInto(message, me)) return;
    const { loaded, item } = cachedFold(queryClient, message.channelId);
    // The list only: the device said the item's first message (Web Push, when no tab of
    // the app is in view, says each).
    if (item) {
      if (item.messageId === message.id) return;
      const folded = foldMessage(item, message);
      patchNotifications(queryClient, (n) => (n.id === folded.id ? folded : n));
    } else if (loaded) held.hold(message);
  });
  // The working period began: what was held is pushed now; one summary stands for it here.
  useSocketEvent('notifications_released', ({ count, unreadCount }) => {
    setCount(unreadCount);
    if (count === 0 || document.visibilityState !== 'hidden') return;
    if (!('Notification' in window) || Notification.permission !== 'granted') return;
    void import('../lib/desktop').then(({ showReleased }) => showReleased(count));
  });
  useSocketEvent('notification_read', ({ notificationId, unreadCount }) => {
    setCount(unreadCount);
    patchNotifications(queryClient, (n) => (n.id === notificationId ? { ...n, read: true } : n));
  });
  useSocketEvent('notifications_read_all', () => {
    setCount(0);
    patchNotifications(queryClient, (n) => ({ ...n, read: true }));
  });
  useSocketEvent('notifications_deleted', ({ notificationIds, unreadCount }) => {
    setCount(unreadCount);
    removeNotifications(queryClient, notificationIds);
  });
  useSocketCatchUp(({ first }) => {
    // The badge's count, read as the page loaded, can miss an item made before the socket's
    // first `ready`: read again then (one small request). The list loads when opened.
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    if (!first) void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
}
