import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInvite } from '#shared/invites';
import { apiRequest } from '@/lib/api';
import { channelInvitesKey } from './get-channel-invites';

/** docs/product.md §7: empty body. */
export const createChannelInvite = (channelId: string): Promise<ChannelInvite> =>
  apiRequest<ChannelInvite>('POST', `/api/channels/${encodeURIComponent(channelId)}/invites`);

export function useCreateChannelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannelInvite,
    onSuccess: (invite, channelId) => {
      queryClient.setQueryData<ChannelInvite[]>(channelInvitesKey(channelId), (invites) => [
        invite,
        ...(invites ?? []).filter((other) => other.id !== invite.id),
      ]);
    },
  });
}
