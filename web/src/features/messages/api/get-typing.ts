import { queryOptions, useQuery } from '@tanstack/react-query';
import { TYPING_POLL_MS } from '#shared/limits';
import type { TypingUser } from '#shared/messages';
import { apiGet } from '@/lib/api';

export const typingKey = (channelId: string) => ['/api/channels', channelId, 'typing'] as const;

/** GET /api/channels/{id}/typing: who is typing now. */
export const getTyping = (channelId: string) =>
  apiGet<TypingUser[]>(`/api/channels/${encodeURIComponent(channelId)}/typing`);

/**
 * Everyone typing but the signed-in user: their own typing (this tab, another tab, the REST
 * route) may reach the cache through the poll or an event, and is never shown to them.
 */
export const othersTyping = (users: readonly TypingUser[], meId: string): TypingUser[] =>
  users.filter((user) => user.userId !== meId);

/** docs/product.md §4: polled every 2 s while the channel is open; typing_update events patch it between. */
export const typingQueryOptions = (channelId: string, meId: string) =>
  queryOptions({
    queryKey: typingKey(channelId),
    queryFn: () => getTyping(channelId),
    select: (users) => othersTyping(users, meId),
    refetchInterval: TYPING_POLL_MS,
    refetchIntervalInBackground: false,
    staleTime: 0,
  });

export function useTyping(channelId: string, meId: string) {
  return useQuery(typingQueryOptions(channelId, meId));
}
