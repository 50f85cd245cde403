import type { ChannelHeaderAction } from '@/lib/shell';
import { PinsButton } from './components/pins-button';

/** The channel header's pins (docs/product.md, "Messages épinglés et enregistrés"): every text channel. */
export const pinsAction: ChannelHeaderAction = {
  id: 'pins',
  appliesTo: (channel) => channel.type !== 'voice',
  Action: PinsButton,
};
