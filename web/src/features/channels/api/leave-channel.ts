import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { dropFromChannelList } from './get-channels';

/** POST /api/channels/{id}/leave: any member but the owner, never a direct conversation. */
export const leaveChannel = (channelId: string): Promise<void> =>
  apiRequest<void>('POST', `/api/channels/${encodeURIComponent(channelId)}/leave`);

export function useLeaveChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveChannel,
    onSuccess: (_data, channelId) => dropFromChannelList(queryClient, channelId),
  });
}
