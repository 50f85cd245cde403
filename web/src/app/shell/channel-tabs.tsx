import { lazy } from 'react';
import { boardTab } from '@/features/boards';
import { membersTab } from '@/features/channels';
import { filesTab } from '@/features/files';
import { chatTab } from '@/features/messages';
import type { ChannelTab, ChannelTabPanelProps } from '@/lib/shell';

const VoicePanel = lazy(() =>
  import('@/features/voice/components/voice-panel').then((module) => ({
    default: module.VoicePanel,
  })),
);

/** docs/product.md §2: a voice channel shows the voice panel instead of the chat. */
function ChatOrVoicePanel(props: ChannelTabPanelProps) {
  return props.channel.type === 'voice' ? <VoicePanel {...props} /> : <chatTab.Panel {...props} />;
}

/**
 * The channel view's tabs, in docs/product.md §2 order. A feature adds its tab by exporting a
 * `ChannelTab` and listing it here (one line); the channel view renders what is listed.
 */
export const channelTabs: readonly ChannelTab[] = [
  { ...chatTab, Panel: ChatOrVoicePanel },
  boardTab,
  filesTab,
  membersTab,
];
