import type { ReactNode } from 'react';
import type { ChannelTab } from '@/lib/shell';
import { useChannels } from '../api/get-channels';
import { defaultChannelId } from '../hooks/use-active-channel';
import { ChannelView } from './channel-view';

/** docs/product.md §2 at /: the last channel opened, else the first; with none, the fallback. */
export function MessagesHome({
  fallback,
  tabs,
}: {
  fallback: ReactNode;
  tabs: readonly ChannelTab[];
}) {
  const channels = useChannels();
  if (channels.isPending) return null;
  const channelId = defaultChannelId(channels.data);
  return channelId ? <ChannelView channelId={channelId} tabs={tabs} /> : fallback;
}
