import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '@/lib/api';

export const UNREAD_COUNT_KEY = ['/api/notifications/unread-count'] as const;

export const getUnreadCount = (): Promise<{ count: number }> =>
  apiGet<{ count: number }>('/api/notifications/unread-count');

export const unreadCountQueryOptions = () =>
  queryOptions({ queryKey: UNREAD_COUNT_KEY, queryFn: getUnreadCount });

/** The bell's badge: kept current by the socket events (hooks/use-notification-events). */
export const useUnreadCount = () => useQuery(unreadCountQueryOptions());
