import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChannelInvite } from '#shared/invites';
import { apiGet } from '@/lib/api';

export const channelInvitesKey = (channelId: string) =>
  ['/api/channels', channelId, 'invites'] as const;

export const getChannelInvites = (channelId: string): Promise<ChannelInvite[]> =>
  apiGet<ChannelInvite[]>(`/api/channels/${encodeURIComponent(channelId)}/invites`);

export const channelInvitesQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: channelInvitesKey(channelId),
    queryFn: () => getChannelInvites(channelId),
  });

/** Fetched only while the invite dialog is open, and fresh each time (uses change). */
export const useChannelInvites = (channelId: string, enabled: boolean) =>
  useQuery({ ...channelInvitesQueryOptions(channelId), enabled, staleTime: 0 });

/** docs/product.md §4: a channel shows at most one active invite. */
export const activeInvite = (invites: ChannelInvite[] | undefined): ChannelInvite | undefined =>
  invites?.find((invite) => invite.isActive);
