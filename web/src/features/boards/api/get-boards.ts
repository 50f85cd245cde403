import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Board } from '#shared/boards';
import { apiGet } from '@/lib/api';

export const boardsKey = (channelId: string) => ['/api/channels', channelId, 'boards'] as const;

export const getBoards = (channelId: string): Promise<Board[]> =>
  apiGet<Board[]>(`/api/channels/${encodeURIComponent(channelId)}/boards`);

export const boardsQueryOptions = (channelId: string) =>
  queryOptions({ queryKey: boardsKey(channelId), queryFn: () => getBoards(channelId) });

export const useBoards = (channelId: string) => useQuery(boardsQueryOptions(channelId));
