import {
  CalendarDaysIcon,
  type LucideIcon,
  MessageSquareIcon,
  SettingsIcon,
  UsersIcon,
  VideoIcon,
} from 'lucide-react';

export interface NavItem {
  href: string;
  /** Catalogue key of the visible label. */
  labelKey: string;
  icon: LucideIcon;
}

/** docs/product.md §2: the rail's links to other screens (bell, search and the user menu sit beside them). */
export const RAIL_LINKS: NavItem[] = [
  { href: '/friends', labelKey: 'layout.rail.friends', icon: UsersIcon },
  { href: '/calendar', labelKey: 'layout.rail.calendar', icon: CalendarDaysIcon },
  { href: '/video-rooms', labelKey: 'layout.rail.videoRooms', icon: VideoIcon },
];

/** docs/product.md §2: the mobile bottom navigation, exactly these five, in this order. */
export const BOTTOM_NAV: NavItem[] = [
  { href: '/', labelKey: 'layout.mobile.messages', icon: MessageSquareIcon },
  { href: '/calendar', labelKey: 'layout.mobile.calendar', icon: CalendarDaysIcon },
  { href: '/friends', labelKey: 'layout.mobile.friends', icon: UsersIcon },
  { href: '/settings', labelKey: 'layout.mobile.settings', icon: SettingsIcon },
  { href: '/video-rooms', labelKey: 'layout.mobile.video', icon: VideoIcon },
];

/** "/" is active on the messages screens, including a channel's own page. */
export function isActivePath(href: string, location: string): boolean {
  if (href === '/') return location === '/' || location.startsWith('/channel/');
  // The calendar's connections page belongs to the calendar.
  if (href === '/calendar') return location === href || location.startsWith('/calendar');
  return location === href || location.startsWith(`${href}/`);
}
