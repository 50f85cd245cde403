import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const deleteChannel = (channelId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/channels/${encodeURIComponent(channelId)}`);

export function useDeleteChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChannel,
    onSuccess: (_data, channelId) => {
      queryClient.setQueryData<Channel[]>(CHANNELS_KEY, (list) =>
        list?.filter((channel) => channel.id !== channelId),
      );
      return queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
    },
  });
}
