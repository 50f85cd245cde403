import { queryOptions, useQuery } from '@tanstack/react-query';
import { TYPING_POLL_MS } from '#shared/limits';
import type { TypingUser } from '#shared/messages';
import { apiGet } from '@/lib/api';

export const typingKey = (channelId: string) => ['/api/channels', channelId, 'typing'] as const;

/** GET /api/channels/{id}/typing: who is typing now. */
export const getTyping = (channelId: string) =>
  apiGet<TypingUser[]>(`/api/channels/${encodeURIComponent(channelId)}/typing`);

/** SPEC §4: polled every 2 s while the channel is open; typing_update events patch it between. */
export const typingQueryOptions = (channelId: string) =>
  queryOptions({
    queryKey: typingKey(channelId),
    queryFn: () => getTyping(channelId),
    refetchInterval: TYPING_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export function useTyping(channelId: string) {
  return useQuery(typingQueryOptions(channelId));
}
