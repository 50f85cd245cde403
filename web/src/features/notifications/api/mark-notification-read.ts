import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { patchNotifications } from './get-notifications';
import { UNREAD_COUNT_KEY } from './get-unread-count';

/** PATCH /api/notifications/{id}/read */
export const markNotificationRead = (id: string): Promise<void> =>
  apiRequest<void>('PATCH', `/api/notifications/${encodeURIComponent(id)}/read`);

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: (id) => {
      patchNotifications(queryClient, (n) => (n.id === id ? { ...n, read: true } : n));
    },
    // The server's notification_read event carries the exact count; this refetch covers a
    // socket that is away.
    onSettled: () => queryClient.invalidateQueries({ queryKey: UNREAD_COUNT_KEY }),
  });
}
