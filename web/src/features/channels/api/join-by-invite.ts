import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { CHANNELS_KEY } from './get-channels';

export const joinByInvite = (code: string): Promise<unknown> =>
  apiRequest('POST', `/api/channel-invites/${encodeURIComponent(code)}/join`);

/** docs/product.md §7: joining refreshes /api/channels. */
export function useJoinByInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinByInvite,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }),
  });
}
