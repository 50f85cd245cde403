import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { MY_DAY_KEY } from './get-my-day';

/** « Marquer comme lu »: the bell and the other tabs hear of it (notification_read). */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (notificationId: string) =>
      apiRequest<void>('PATCH', `/api/notifications/${encodeURIComponent(notificationId)}/read`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_DAY_KEY }),
  });
}

/** « Terminer » a task: marked done on its board (task_saved to the channel). */
export function useCompleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (taskId: string) =>
      apiRequest<unknown>('PATCH', `/api/tasks/${encodeURIComponent(taskId)}`, { completed: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: MY_DAY_KEY }),
  });
}
