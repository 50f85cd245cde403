import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useChannelContent } from '@/lib/channel-content';

/** How many unread channels are loaded ahead; the first in the sidebar's order. */
const UNREAD_PREFETCH_LIMIT = 5;
const IDLE_TIMEOUT_MS = 3000;

/**
 * Once the page is idle, loads the newest page of the first few unread channels (where the
 * user goes next, most often), so that opening one shows its messages at once.
 */
export function usePrefetchUnread(unreadChannelIds: readonly string[]) {
  const queryClient = useQueryClient();
  const { prefetch } = useChannelContent();
  const key = unreadChannelIds.slice(0, UNREAD_PREFETCH_LIMIT).join(',');
  useEffect(() => {
    if (!key) return;
    const run = () => {
      for (const id of key.split(',')) prefetch(queryClient, id);
    };
    if (typeof requestIdleCallback === 'function') {
      const handle = requestIdleCallback(run, { timeout: IDLE_TIMEOUT_MS });
      return () => cancelIdleCallback(handle);
    }
    const timer = setTimeout(run, IDLE_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [key, prefetch, queryClient]);
}
