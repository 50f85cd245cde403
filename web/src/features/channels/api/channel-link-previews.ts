import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChannelLinkPreviews } from '#shared/link-previews';
import { apiGet, apiRequest } from '@/lib/api';

import {
  channelLinkPreviewsKey,
  channelLinkPreviewsPath as path,
} from './channel-link-previews-key';

/** GET /api/channels/{id}/link-previews (docs/product.md, « Aperçus de liens »): any member. */
export function useChannelLinkPreviews(channelId: string) {
  return useQuery({
    queryKey: channelLinkPreviewsKey(channelId),
    queryFn: () => apiGet<ChannelLinkPreviews>(path(channelId)),
  });
}

/**
 * PUT /api/channels/{id}/link-previews: the channel's managers. The channel's messages are read
 * again: their previews show or hide with the switch.
 */
export function useSetChannelLinkPreviews(channelId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) =>
      apiRequest<ChannelLinkPreviews>('PUT', path(channelId), { enabled }),
    onSuccess: (saved) => {
      queryClient.setQueryData(channelLinkPreviewsKey(channelId), saved);
      // The channel's queries, its messages among them: their previews show or hide.
      void queryClient.invalidateQueries({ queryKey: ['/api/channels', channelId] });
    },
  });
}
