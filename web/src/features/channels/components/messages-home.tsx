import type { ReactNode } from 'react';
import type { ChannelTab } from '@/lib/shell';
import { useChannels } from '../api/get-channels';
import { firstChannelId } from '../hooks/use-active-channel';
import { ChannelView } from './channel-view';

/** docs/product.md §2 at /: the first channel is selected by default; with none, the fallback. */
export function MessagesHome({
  fallback,
  tabs,
}: {
  fallback: ReactNode;
  tabs: readonly ChannelTab[];
}) {
  const channels = useChannels();
  if (channels.isPending) return null;
  const firstId = firstChannelId(channels.data);
  return firstId ? <ChannelView channelId={firstId} tabs={tabs} /> : fallback;
}
