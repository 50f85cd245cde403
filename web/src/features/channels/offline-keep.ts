import type { OfflineKeep } from '@/lib/query-persist';
import { CHANNELS_KEY } from './api/get-channels';

/**
 * Kept for the next start (lib/query-persist.ts): the sidebar's list with its unread state,
 * and the channels opened last (their header and members). Both refetch once shown.
 */
export const keepChannels: OfflineKeep = (query, recent) => {
  const [root, channelId] = query.queryKey;
  if (root !== CHANNELS_KEY[0]) return undefined;
  const { data } = query.state;
  if (query.queryKey.length === 1) return { data, refetch: true };
  if (query.queryKey.length === 2 && typeof channelId === 'string' && recent.has(channelId)) {
    return { data, refetch: true };
  }
  return undefined;
};
