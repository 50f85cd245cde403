import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const deleteChannel = (channelId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/channels/${encodeURIComponent(channelId)}`);

export const leaveChannel = (channelId: string): Promise<void> =>
  apiRequest<void>('POST', `/api/channels/${encodeURIComponent(channelId)}/leave`);

/** The channel is gone for the caller (deleted, or left): out of the sidebar at once. */
function useDropChannel(mutationFn: (channelId: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (_data, channelId) => {
      queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
        list?.filter((channel) => channel.id !== channelId),
      );
      return queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
    },
  });
}

export const useDeleteChannel = () => useDropChannel(deleteChannel);
export const useLeaveChannel = () => useDropChannel(leaveChannel);
