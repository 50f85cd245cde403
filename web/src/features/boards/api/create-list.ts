import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardList, ListCreateInput } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { upsertList } from '../lib/board-cache';

export const createList = (boardId: string, input: ListCreateInput): Promise<BoardList> =>
  apiRequest<BoardList>('POST', `/api/boards/${encodeURIComponent(boardId)}/lists`, input);

export function useCreateList(boardId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListCreateInput) => createList(boardId, input),
    onSuccess: (list) => upsertList(queryClient, list),
  });
}
