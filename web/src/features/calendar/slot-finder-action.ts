import { lazy } from 'react';
import { withCatalogue } from '@/lib/i18n';
import type { ChannelHeaderAction } from '@/lib/shell';

// Not in the channel view's first load: the button comes with the rest of the catalogue.
const SlotFinderButton = lazy(
  withCatalogue(() =>
    import('./components/slot-finder-button').then((module) => ({
      default: module.SlotFinderButton,
    })),
  ),
);

/** « Trouver un créneau » in every text conversation's header (docs/product.md, "Trouver un créneau"). */
export const slotFinderAction: ChannelHeaderAction = {
  id: 'slot-finder',
  appliesTo: (channel) => channel.type !== 'voice',
  Action: SlotFinderButton,
};
