import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskUpdateInput } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { upsertTask } from '../lib/board-cache';

export const updateTask = (taskId: string, input: TaskUpdateInput): Promise<Task> =>
  apiRequest<Task>('PATCH', `/api/tasks/${encodeURIComponent(taskId)}`, input);

export function useUpdateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, input }: { taskId: string; input: TaskUpdateInput }) =>
      updateTask(taskId, input),
    onSuccess: (task) => upsertTask(queryClient, task),
  });
}
