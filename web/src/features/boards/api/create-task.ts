import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task, TaskCreateInput } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { upsertTask } from '../lib/board-cache';

export const createTask = (listId: string, input: TaskCreateInput): Promise<Task> =>
  apiRequest<Task>('POST', `/api/lists/${encodeURIComponent(listId)}/tasks`, input);

export function useCreateTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, input }: { listId: string; input: TaskCreateInput }) =>
      createTask(listId, input),
    onSuccess: (task) => upsertTask(queryClient, task),
  });
}
