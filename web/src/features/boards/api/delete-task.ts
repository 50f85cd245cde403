import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { removeTask } from '../lib/board-cache';

export const deleteTask = (taskId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/tasks/${encodeURIComponent(taskId)}`);

export function useDeleteTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (task: Task) => deleteTask(task.id),
    onSuccess: (_data, task) => removeTask(queryClient, task.boardId, task.id),
  });
}
