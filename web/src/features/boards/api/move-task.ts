import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Task } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { placeTask, upsertTask } from '../lib/board-cache';
import { boardKey } from './get-board';

export const moveTask = (taskId: string, listId: string, index: number): Promise<Task> =>
  apiRequest<Task>('POST', `/api/tasks/${encodeURIComponent(taskId)}/move`, { listId, index });

export interface TaskMove {
  task: Task;
  listId: string;
  /** Index among the destination list's other tasks. */
  index: number;
}

/**
 * Moves the card at once (an optimistic position between its new neighbours), then takes
 * the server's answer; the task_saved events of everyone's moves settle the final order
 * (docs/boards.md), and a refused move reloads the board.
 */
export function useMoveTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ task, listId, index }: TaskMove) => moveTask(task.id, listId, index),
    onMutate: (move) => placeTask(queryClient, move.task, move.listId, move.index),
    onSuccess: (task) => upsertTask(queryClient, task),
    onError: (_error, { task }) =>
      queryClient.invalidateQueries({ queryKey: boardKey(task.boardId) }),
  });
}
