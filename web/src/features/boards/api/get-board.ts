import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BoardDetail } from '#shared/boards';
import { apiGet } from '@/lib/api';

export const BOARD_KEY_ROOT = '/api/boards';
export const boardKey = (boardId: string) => [BOARD_KEY_ROOT, boardId] as const;

export const getBoard = (boardId: string): Promise<BoardDetail> =>
  apiGet<BoardDetail>(`/api/boards/${encodeURIComponent(boardId)}`);

export const boardQueryOptions = (boardId: string) =>
  queryOptions({ queryKey: boardKey(boardId), queryFn: () => getBoard(boardId) });

export const useBoard = (boardId: string | undefined) =>
  useQuery({ ...boardQueryOptions(boardId ?? ''), enabled: boardId !== undefined });
