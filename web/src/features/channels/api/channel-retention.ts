import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelRetention } from '#shared/privacy';
import { apiGet, apiRequest } from '@/lib/api';

const path = (channelId: string) => `/api/channels/${encodeURIComponent(channelId)}/retention`;
export const channelRetentionKey = (channelId: string) => [path(channelId)] as const;

/** GET /api/channels/{id}/retention (docs/privacy.md, "Conservation"): any member reads it. */
export function useChannelRetention(channelId: string) {
  return useQuery({
    queryKey: channelRetentionKey(channelId),
    queryFn: () => apiGet<ChannelRetention>(path(channelId)),
  });
}

/** PUT /api/channels/{id}/retention: the channel's managers; null goes back to the instance's. */
export function useSetChannelRetention(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (messageDays: number | null) =>
      apiRequest<ChannelRetention>('PUT', path(channelId), { messageDays }),
    onSuccess: (saved) => queryClient.setQueryData(channelRetentionKey(channelId), saved),
  });
}
