import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationPreferences } from '#shared/notifications';
import { apiGet, apiRequest } from '@/lib/api';

export const PREFERENCES_KEY = ['/api/notifications/preferences'] as const;

export const getPreferences = (): Promise<NotificationPreferences> =>
  apiGet<NotificationPreferences>('/api/notifications/preferences');

/** PATCH /api/notifications/preferences: the six booleans, all of them. */
export const updatePreferences = (
  input: NotificationPreferences,
): Promise<NotificationPreferences> =>
  apiRequest<NotificationPreferences>('PATCH', '/api/notifications/preferences', input);

export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: PREFERENCES_KEY, queryFn: getPreferences });

export const usePreferences = () => useQuery(preferencesQueryOptions());

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(PREFERENCES_KEY, saved),
  });
}
