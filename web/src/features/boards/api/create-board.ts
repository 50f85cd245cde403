import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board, BoardCreateInput } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { upsertBoard } from '../lib/board-cache';

export const createBoard = (channelId: string, input: BoardCreateInput): Promise<Board> =>
  apiRequest<Board>('POST', `/api/channels/${encodeURIComponent(channelId)}/boards`, input);

export function useCreateBoard(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BoardCreateInput) => createBoard(channelId, input),
    onSuccess: (board) => upsertBoard(queryClient, board),
  });
}
