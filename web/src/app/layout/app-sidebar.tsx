import type { ReactNode } from 'react';
import { ChannelSidebar } from './sidebar';

interface AppSidebarProps {
  header?: ReactNode;
  onNavigate?: () => void;
  className?: string;
}

/**
 * The sidebar wired to the app. The channels feature replaces the empty list below with its
 * query (items, isLoading), the selected channel, and its create / start-DM / join dialogs;
 * `onNavigate` closes the mobile menu after a selection.
 */
export function AppSidebar({ header, className }: AppSidebarProps) {
  return <ChannelSidebar items={[]} header={header} className={className} />;
}
