import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel, ChannelCreateInput } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const createChannel = (input: ChannelCreateInput): Promise<Channel> =>
  apiRequest<Channel>('POST', '/api/channels', input);

/** docs/product.md §7: creating a channel refreshes the channel list. */
export function useCreateChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }),
  });
}
