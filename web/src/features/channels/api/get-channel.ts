import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelWithMembers } from '#shared/channels';
import { apiGet } from '@/lib/api';

export const channelKey = (channelId: string) => ['/api/channels', channelId] as const;

export const getChannel = (channelId: string): Promise<ChannelWithMembers> =>
  apiGet<ChannelWithMembers>(`/api/channels/${encodeURIComponent(channelId)}`);

export const channelQueryOptions = (channelId: string) =>
  queryOptions({ queryKey: channelKey(channelId), queryFn: () => getChannel(channelId) });

export const useChannel = (channelId: string) => useQuery(channelQueryOptions(channelId));
