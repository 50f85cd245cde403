import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelMember } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { channelMembersKey } from './get-channel-members';

/** POST /api/channels/{id}/members { userId }: a colleague added by name (issue 45, item 5). */
export const addChannelMember = (channelId: string, userId: string): Promise<ChannelMember> =>
  apiRequest<ChannelMember>('POST', `/api/channels/${encodeURIComponent(channelId)}/members`, {
    userId,
  });

export function useAddChannelMember(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => addChannelMember(channelId, userId),
    // The members tab and the header's count follow (member_added also tells them).
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelMembersKey(channelId) }),
  });
}
