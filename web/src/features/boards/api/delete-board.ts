import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Board } from '#shared/boards';
import { apiRequest } from '@/lib/api';
import { forgetBoard } from '../lib/board-cache';

export const deleteBoard = (boardId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/boards/${encodeURIComponent(boardId)}`);

export function useDeleteBoard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (board: Board) => deleteBoard(board.id),
    onSuccess: (_data, board) => forgetBoard(queryClient, board.channelId, board.id),
  });
}
