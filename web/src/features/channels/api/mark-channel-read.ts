import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChannelRead } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { useSocket } from '@/lib/socket-context';
import { patchListedChannel } from './get-channels';

export const markChannelRead = (channelId: string): Promise<ChannelRead> =>
  apiRequest<ChannelRead>('POST', `/api/channels/${encodeURIComponent(channelId)}/read`);

/**
 * Clears the sidebar badge at once; the server's channel_read event (and the HTTP answer,
 * when it went by HTTP) moves the read position that the next visit's "Nouveaux messages"
 * line starts from. While the socket is open the mark goes over it (`mark_read`): a busy
 * channel read live marks read every 2 s, and a frame costs the server far less than a
 * request (docs/performance-log.md, "Capacity", its second run).
 */
export function useMarkChannelRead() {
  const queryClient = useQueryClient();
  const socket = useSocket();
  return useMutation({
    mutationFn: async (channelId: string): Promise<ChannelRead | null> => {
      if (socket?.send({ type: 'mark_read', channelId }, { queue: false })) return null;
      return markChannelRead(channelId);
    },
    onMutate: (channelId) => patchListedChannel(queryClient, channelId, { unreadCount: 0 }),
    onSuccess: (read) => {
      if (!read) return;
      patchListedChannel(queryClient, read.channelId, {
        lastReadAt: read.lastReadAt,
        lastReadSeq: read.lastReadSeq,
      });
    },
  });
}
