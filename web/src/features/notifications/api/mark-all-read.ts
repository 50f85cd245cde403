import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { patchNotifications } from './get-notifications';
import { UNREAD_COUNT_KEY } from './get-unread-count';

/** PATCH /api/notifications/read-all */
export const markAllNotificationsRead = (): Promise<void> =>
  apiRequest<void>('PATCH', '/api/notifications/read-all');

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markAllNotificationsRead,
    onMutate: () => {
      patchNotifications(queryClient, (n) => ({ ...n, read: true }));
      queryClient.setQueryData(UNREAD_COUNT_KEY, { count: 0 });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
  });
}
