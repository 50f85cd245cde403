import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelFile } from '#shared/files';
import { apiGet } from '@/lib/api';

export const channelFilesKey = (channelId: string) =>
  ['/api/channels', channelId, 'files'] as const;

export const getChannelFiles = (channelId: string): Promise<ChannelFile[]> =>
  apiGet<ChannelFile[]>(`/api/channels/${encodeURIComponent(channelId)}/files`);

export const channelFilesQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelFilesKey(channelId),
    queryFn: () => getChannelFiles(channelId),
  });

export const useChannelFiles = (channelId: string) => useQuery(channelFilesQueryOptions(channelId));
