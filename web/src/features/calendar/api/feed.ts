import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeed } from '#shared/calendar';
import { apiGet, apiRequest } from '@/lib/api';

export const FEED_KEY = ['/api/calendar/feed'] as const;

export const getFeed = (): Promise<CalendarFeed> => apiGet<CalendarFeed>('/api/calendar/feed');

export const useFeed = () => useQuery({ queryKey: FEED_KEY, queryFn: getFeed });

/** A new secret address: the answer is the only time it is shown (the server keeps a hash). */
export function useRegenerateFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<CalendarFeed>('POST', '/api/calendar/feed'),
    onSuccess: (feed) => queryClient.setQueryData(FEED_KEY, feed),
  });
}

export function useRevokeFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<void>('DELETE', '/api/calendar/feed'),
    onSuccess: () =>
      queryClient.setQueryData<CalendarFeed>(FEED_KEY, {
        active: false,
        createdAt: null,
        url: null,
      }),
  });
}
