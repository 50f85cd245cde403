import type { QueryClient } from '@tanstack/react-query';

/** docs/product.md §7: the default query GETs the key's segments joined with "/". */
export const FRIENDS_KEY = ['/api/friends'] as const;
export const RECEIVED_REQUESTS_KEY = ['/api/friend-requests'] as const;
export const SENT_REQUESTS_KEY = ['/api/friend-requests', 'sent'] as const;

/** The three lists (the request keys share their first segment). */
export function refreshFriendLists(queryClient: QueryClient): Promise<void> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: FRIENDS_KEY }),
    queryClient.invalidateQueries({ queryKey: RECEIVED_REQUESTS_KEY }),
  ]).then(() => undefined);
}
