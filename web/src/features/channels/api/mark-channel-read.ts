import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelRead } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const markChannelRead = (channelId: string): Promise<ChannelRead> =>
  apiRequest<ChannelRead>('POST', `/api/channels/${encodeURIComponent(channelId)}/read`);

/**
 * Clears the sidebar badge at once; the answer (and the server's channel_read event) moves
 * the read position that the next visit's "Nouveaux messages" line starts from.
 */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  const patch = (channelId: string, change: Partial<Channel>) =>
    queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
      list?.map((channel) => (channel.id === channelId ? { ...channel, ...change } : channel)),
    );
  return useMutation({
    mutationFn: markChannelRead,
    onMutate: (channelId) => patch(channelId, { unreadCount: 0 }),
    onSuccess: (read) => patch(read.channelId, { lastReadAt: read.lastReadAt }),
  });
}
