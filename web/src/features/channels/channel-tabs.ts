import { lazy } from 'react';
import type { ChannelTab } from '@/lib/shell';

export const MEMBERS_TAB_ID = 'members';

/** docs/product.md §2: the members tab, in every channel but a direct conversation; loaded when opened. */
export const membersTab: ChannelTab = {
  id: MEMBERS_TAB_ID,
  labelKey: 'channelView.tabs.members',
  appliesTo: (channel) => channel.type !== 'direct',
  layout: 'scroll',
  Panel: lazy(() =>
    import('./components/members-tab').then((module) => ({ default: module.MembersTab })),
  ),
};
