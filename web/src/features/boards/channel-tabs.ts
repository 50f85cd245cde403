import { lazy } from 'react';
import type { ChannelTab } from '@/lib/shell';

/** docs/product.md §2.5 and §2.7: the board tab (kanban), in every channel; loaded when opened, with dnd-kit. */
export const boardTab: ChannelTab = {
  id: 'board',
  labelKey: 'channelView.tabs.board',
  layout: 'fill',
  Panel: lazy(() => import('./components/board-tab').then((m) => ({ default: m.BoardTab }))),
};
