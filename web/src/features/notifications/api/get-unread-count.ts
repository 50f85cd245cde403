import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const;

export const getUnreadCount = (): Promise<{ count: number }> =>
  apiGet<{ count: number }>('/api/notifications/unread-count');

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_COUNT_KEY, queryFn: getUnreadCount });

/** The bell's badge: kept current by the socket events (hooks/use-notification-events). */
export const useUnreadCount = () => useQuery(unreadCountQueryOptions());

/**
 * The count a socket event carries becomes the badge's. A fetch of the count still in flight
 * may have been answered before the event's change and would overwrite it when it lands: it
 * is dropped and the count read again.
 */
export function setUnreadCount(queryClient: QueryClient, count: number): void {
  queryClient.setQueryData(UNREAD_COUNT_KEY, { count });
  if (queryClient.isFetching({ queryKey: UNREAD_COUNT_KEY }) > 0)
    void queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY });
}
