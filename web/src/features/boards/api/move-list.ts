import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardList } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { placeList, upsertList } from '../lib/board-cache';
import { boardKey } from './get-board';

export const moveList = (listId: string, index: number): Promise<BoardList> =>
  apiRequest<BoardList>('POST', `/api/lists/${encodeURIComponent(listId)}/move`, { index });

/** Moves the list at once (an optimistic position), then takes the server's. */
export function useMoveList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ list, index }: { list: BoardList; index: number }) => moveList(list.id, index),
    onMutate: ({ list, index }) => placeList(queryClient, list, index),
    onSuccess: (list) => upsertList(queryClient, list),
    onError: (_error, { list }) =>
      queryClient.invalidateQueries({ queryKey: boardKey(list.boardId) }),
  });
}
