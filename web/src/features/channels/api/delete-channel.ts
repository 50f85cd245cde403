import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { dropFromChannelList } from './get-channels';

export const deleteChannel = (channelId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/channels/${encodeURIComponent(channelId)}`);

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: (_data, channelId) => dropFromChannelList(queryClient, channelId),
  });
}
