import { slotFinderAction } from '@/features/calendar';
import { pinsAction } from '@/features/pins';
import { voiceChatAction } from '@/features/voice';
import type { ChannelHeaderAction } from '@/lib/shell';

/** The channel header's actions the features contribute, in order (after its own). */
export const channelHeaderActions: readonly ChannelHeaderAction[] = [
  pinsAction,
  slotFinderAction,
  voiceChatAction,
];
