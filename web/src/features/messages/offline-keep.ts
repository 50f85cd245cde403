import { MESSAGE_PAGE_SIZE } from '#shared/limits';
import type { OutboxSource } from '@/lib/outbox';
import type { OfflineKeep } from '@/lib/query-persist';
import { isAtHead, type MessagesData, type MessagesPageParam } from './lib/message-cache';
import {
  type PendingSend,
  pendingSends,
  replacePendingSends,
  subscribePendingSends,
} from './lib/pending-sends';

/**
 * Kept for the next start (lib/query-persist.ts): the newest messages (a page's worth, in
 * whole pages) of the channels opened last, when their history reaches the newest message.
 * Not refetched: the socket's catch-up asks for what came after the last seq (realtime-cache.ts).
 */
export const keepLatestMessages: OfflineKeep = (query, recent) => {
  const [root, channelId, kind] = query.queryKey;
  if (root !== '/api/channels' || kind !== 'messages' || query.queryKey.length !== 3) {
    return undefined;
  }
  if (typeof channelId !== 'string' || !recent.has(channelId)) return undefined;
  const data = query.state.data as MessagesData | undefined;
  if (!data || !isAtHead(data)) return undefined;
  const pages: MessagesData['pages'] = [];
  const pageParams: MessagesData['pageParams'] = [];
  let count = 0;
  // A page fetched as what followed another has no cursor to older ones: its predecessor stays too.
  const enough = () =>
    count >= MESSAGE_PAGE_SIZE && (pageParams[0] as MessagesPageParam).kind !== 'after';
  for (let i = data.pages.length - 1; i >= 0 && !enough(); i--) {
    const page = data.pages[i];
    if (!page) continue;
    pages.unshift(page);
    pageParams.unshift(data.pageParams[i]);
    count += page.messages.length;
  }
  return { data: { pages, pageParams }, refetch: false };
};

/**
 * The sends not yet stored, for the outbox (lib/outbox.ts): kept across a reload, then sent in
 * each channel's order once the connection is there (api/send-message.ts). One on its way when
 * the page went away waits again; a refused one stays refused, with its retry.
 */
export const pendingSendsOutbox: OutboxSource<PendingSend> = {
  list: pendingSends,
  subscribe: subscribePendingSends,
  restore: (kept) => {
    const shown = new Set(pendingSends().map((entry) => entry.clientId));
    const waiting = kept
      .filter((entry) => !shown.has(entry.clientId))
      .map(
        (entry): PendingSend => (entry.state === 'failed' ? entry : { ...entry, state: 'queued' }),
      );
    replacePendingSends([...waiting, ...pendingSends()]);
  },
  clear: () => replacePendingSends([]),
};
