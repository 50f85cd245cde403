import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

/** Answers the channel joined. */
export const joinByInvite = (code: string): Promise<Channel> =>
  apiRequest<Channel>('POST', `/api/channel-invites/${encodeURIComponent(code)}/join`);

/** docs/product.md §7: joining refreshes /api/channels. */
export function useJoinByInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinByInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }),
  });
}
