import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

/** docs/product.md §10.3: idempotent — returns the one conversation between the two users. */
export const createDirectChannel = (recipientId: string): Promise<Channel> =>
  apiRequest<Channel>('POST', '/api/channels/direct', { recipientId });

export function useCreateDirectChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDirectChannel,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }),
  });
}
