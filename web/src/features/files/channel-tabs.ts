import { lazy } from 'react';
import type { ChannelTab } from '@/lib/shell';

/** docs/product.md §2: the files tab, in every channel; loaded when opened. */
export const filesTab: ChannelTab = {
  id: 'files',
  labelKey: 'channelView.tabs.files',
  layout: 'scroll',
  Panel: lazy(() =>
    import('./components/files-tab').then((module) => ({ default: module.FilesTab })),
  ),
};
