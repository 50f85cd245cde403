import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardList } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { removeList } from '../lib/board-cache';

export const deleteList = (listId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/lists/${encodeURIComponent(listId)}`);

export function useDeleteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (list: BoardList) => deleteList(list.id),
    onSuccess: (_data, list) => removeList(queryClient, list.boardId, list.id),
  });
}
