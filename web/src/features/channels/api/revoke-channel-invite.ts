import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelInvite } from '#shared/invites';
import { apiRequest } from '@/lib/api';
import { channelInvitesKey } from './get-channel-invites';

/** DELETE /api/channels/{id}/invites/{inviteId}: the channel's managers end the active code. */
export const revokeChannelInvite = ({
  channelId,
  inviteId,
}: {
  channelId: string;
  inviteId: string;
}) =>
  apiRequest<void>(
    'DELETE',
    `/api/channels/${encodeURIComponent(channelId)}/invites/${encodeURIComponent(inviteId)}`,
  );

export function useRevokeChannelInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeChannelInvite,
    onSuccess: (_, { channelId, inviteId }) =>
      queryClient.setQueryData<ChannelInvite[]>(channelInvitesKey(channelId), (invites) =>
        (invites ?? []).filter((invite) => invite.id !== inviteId),
      ),
  });
}
