import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelMember } from '#shared/channels';
import { apiGet } from '@/lib/api';

export const channelMembersKey = (channelId: string) =>
  ['/api/channels', channelId, 'members'] as const;

export const getChannelMembers = (channelId: string): Promise<ChannelMember[]> =>
  apiGet<ChannelMember[]>(`/api/channels/${encodeURIComponent(channelId)}/members`);

export const channelMembersQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelMembersKey(channelId),
    queryFn: () => getChannelMembers(channelId),
  });

export const useChannelMembers = (channelId: string) =>
  useQuery(channelMembersQueryOptions(channelId));
