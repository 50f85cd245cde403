import { lazy } from 'react';
import type { ChannelHeaderAction } from '@/lib/shell';

const VoiceChatDialog = lazy(() =>
  import('./components/voice-chat-dialog').then((module) => ({
    default: module.VoiceChatDialog,
  })),
);

/** docs/product.md §2.5: public channels and groups have a join-voice-chat button, which opens its dialog. */
export const voiceChatAction: ChannelHeaderAction = {
  id: 'voice-chat',
  appliesTo: (channel) => channel.type === 'channel' || channel.type === 'group',
  Action: VoiceChatDialog,
  phoneBar: true,
};
