import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { BROWSE_CHANNELS_KEY } from './browse-channels';
import { CHANNELS_KEY } from './get-channels';

export const joinPublicChannel = (channelId: string): Promise<unknown> =>
  apiRequest('POST', `/api/channels/${encodeURIComponent(channelId)}/join`);

export function useJoinPublicChannel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: joinPublicChannel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true }),
        queryClient.invalidateQueries({ queryKey: BROWSE_CHANNELS_KEY }),
      ]),
  });
}
