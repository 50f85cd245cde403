import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { API_ORIGIN } from '@/lib/api';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import {
  NOTIFICATIONS_KEY,
  patchNotifications,
  putFirst,
  removeNotifications,
} from '../api/get-notifications';
import { UNREAD_COUNT_KEY } from '../api/get-unread-count';
import { notificationHref } from '../lib/links';
import { useTabVisibility } from './use-tab-visibility';

/**
 * new_notification, notification_read, notifications_read_all and notifications_deleted →
 * the bell's badge and list, in every tab of the user; a new item also shows as a desktop notification while the
 * tab is hidden. After a reconnect, both are fetched afresh.
 */
export function useNotificationEvents(): void {
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const setCount = (count: number) => queryClient.setQueryData(UNREAD_COUNT_KEY, { count });
  useTabVisibility();
  // The service worker shows Web Push notifications and makes the app installable; it asks
  // for nothing by itself (permission is asked from the settings only).
  useEffect(() => {
    navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
  }, []);

  useSocketEvent('new_notification', ({ notification, unreadCount }) => {
    // Absent: unchanged (an unread item that took one more message).
    if (unreadCount !== undefined) setCount(unreadCount);
    putFirst(queryClient, notification);
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
    if (first) return;
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
  });
}
