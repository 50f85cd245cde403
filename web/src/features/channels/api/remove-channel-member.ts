import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelMember } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { channelKey } from './get-channel';
import { channelMembersKey } from './get-channel-members';

interface RemoveMemberInput {
  channelId: string;
  memberId: string;
}

export const removeChannelMember = ({ channelId, memberId }: RemoveMemberInput): Promise<void> =>
  apiRequest<void>(
    'DELETE',
    `/api/channels/${encodeURIComponent(channelId)}/members/${encodeURIComponent(memberId)}`,
  );

export function useRemoveChannelMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeChannelMember,
    onSuccess: (_data, { channelId, memberId }) => {
      queryClient.setQueryData<ChannelMember[]>(channelMembersKey(channelId), (members) =>
        members?.filter((member) => member.id !== memberId),
      );
      return queryClient.invalidateQueries({ queryKey: channelKey(channelId) });
    },
  });
}
