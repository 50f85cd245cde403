import type { ReactNode } from 'react';
import type { ChannelHeaderAction, ChannelTab } from '@/lib/shell';
import { useChannels } from '../api/get-channels';
import { defaultChannelId } from '../hooks/use-active-channel';
import { ChannelView } from './channel-view';

/** docs/product.md §2 at /: the last channel opened, else the first; with none, the fallback. */
export function MessagesHome({
  fallback,
  tabs,
  actions,
}: {
  fallback: ReactNode;
  tabs: readonly ChannelTab[];
  actions: readonly ChannelHeaderAction[];
}) {
  const channels = useChannels();
  if (channels.isPending) return null;
  const channelId = defaultChannelId(channels.data);
  return channelId ? <ChannelView channelId={channelId} tabs={tabs} actions={actions} /> : fallback;
}
