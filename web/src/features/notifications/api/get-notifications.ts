import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from '@tanstack/react-query';
import type { Notification, NotificationPage } from '#shared/notifications';
import { apiGet } from '@/lib/api';

export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;

export const getNotifications = (before: string | null): Promise<NotificationPage> =>
  apiGet<NotificationPage>(
    before ? `/api/notifications?before=${encodeURIComponent(before)}` : '/api/notifications',
  );

export const notificationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ pageParam }) => getNotifications(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** The bell's list, newest first; fetched when the popover first opens. */
export const useNotifications = (enabled: boolean) =>
  useInfiniteQuery({ ...notificationsQueryOptions(), enabled, staleTime: 0 });

type Data = InfiniteData<NotificationPage, string | null>;

/** Change every cached item (read marks). */
export function patchNotifications(
  queryClient: QueryClient,
  patch: (n: Notification) => Notification,
): void {
  queryClient.setQueryData<Data>(NOTIFICATIONS_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.map(patch),
          })),
        }
      : data,
  );
}

/** The unread "new messages" item of a channel in the cached list, if the list is loaded. */
export function cachedFold(
  queryClient: QueryClient,
  channelId: string,
): { loaded: boolean; item: Notification | undefined } {
  const data = queryClient.getQueryData<Data>(NOTIFICATIONS_KEY);
  if (!data) return { loaded: false, item: undefined };
  for (const page of data.pages) {
    const item = page.notifications.find(
      (n) => n.type === 'channel_message' && n.channelId === channelId && !n.read,
    );
    if (item) return { loaded: true, item };
  }
  return { loaded: true, item: undefined };
}

/** A new item: first in the list, once (a folded one keeps its place, docs/notifications.md). */
export function putFirst(queryClient: QueryClient, item: Notification): void {
  queryClient.setQueryData<Data>(NOTIFICATIONS_KEY, (data) => {
    if (!data) return data;
    const pages = data.pages.map((page, i) => {
      const rest = page.notifications.filter((n) => n.id !== item.id);
      return { ...page, notifications: i === 0 ? [item, ...rest] : rest };
    });
    return { ...data, pages };
  });
}

/** Items gone with their message: out of every cached page. */
export function removeNotifications(queryClient: QueryClient, ids: readonly string[]): void {
  const gone = new Set(ids);
  queryClient.setQueryData<Data>(NOTIFICATIONS_KEY, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            notifications: page.notifications.filter((n) => !gone.has(n.id)),
          })),
        }
      : data,
  );
}
