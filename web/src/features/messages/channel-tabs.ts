import type { ChannelTab } from '@/lib/shell';
import { ChannelChat } from './components/channel-chat';

/** docs/product.md §2: the chat tab (message list, composer, thread panel), the channel view's first. */
export const chatTab: ChannelTab = {
  id: 'chat',
  labelKey: 'channelView.tabs.chat',
  layout: 'fill',
  Panel: ChannelChat,
};
