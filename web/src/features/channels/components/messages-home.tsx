import type { ComponentProps, ReactNode } from 'react';
import { useChannels } from '../api/get-channels';
import { firstChannelId } from '../hooks/use-active-channel';
import { ChannelView } from './channel-view';

/** SPEC §2 at /: the first channel is selected by default; with none, the fallback. */
export function MessagesHome({
  fallback,
  renderChat,
}: {
  fallback: ReactNode;
  renderChat?: ComponentProps<typeof ChannelView>['renderChat'];
}) {
  const channels = useChannels();
  if (channels.isPending) return null;
  const firstId = firstChannelId(channels.data);
  return firstId ? <ChannelView channelId={firstId} renderChat={renderChat} /> : fallback;
}
