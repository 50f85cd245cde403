import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelRead } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { patchListedChannel } from './get-channels';

export const markChannelRead = (channelId: string): Promise<ChannelRead> =>
  apiRequest<ChannelRead>('POST', `/api/channels/${encodeURIComponent(channelId)}/read`);

/**
 * Clears the sidebar badge at once; the answer (and the server's channel_read event) moves
 * the read position that the next visit's "Nouveaux messages" line starts from.
 */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markChannelRead,
    onMutate: (channelId) => patchListedChannel(queryClient, channelId, { unreadCount: 0 }),
    onSuccess: (read) =>
      patchListedChannel(queryClient, read.channelId, {
        lastReadAt: read.lastReadAt,
        lastReadSeq: read.lastReadSeq,
      }),
  });
}
