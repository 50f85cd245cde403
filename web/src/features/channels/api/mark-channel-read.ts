import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const markChannelRead = (channelId: string): Promise<unknown> =>
  apiRequest('POST', `/api/channels/${encodeURIComponent(channelId)}/read`);

/** Clears the sidebar badge at once; the server's channel_read event confirms it. */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChannelRead,
    onMutate: (channelId) => {
      queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
        list?.map((channel) =>
          channel.id === channelId ? { ...channel, unreadCount: 0 } : channel,
        ),
      );
    },
  });
}
