import type { ReactNode } from 'react';
import { useChannelDialogs } from '@/features/channels/components/channel-dialogs';
import {
  ChannelNavList,
  DirectMessageNavList,
} from '@/features/channels/components/sidebar-channel-lists';
import { ChannelSidebar } from './sidebar';

interface AppSidebarProps {
  header?: ReactNode;
  onNavigate?: () => void;
  className?: string;
}

/**
 * The sidebar wired to the app: the channels feature's lists (with unread badges and
 * presence) and its create / start-DM / join-with-code / browse dialogs. `onNavigate`
 * closes the mobile menu after a selection, and before a dialog opens over it.
 */
export function AppSidebar({ header, onNavigate, className }: AppSidebarProps) {
  const openDialog = useChannelDialogs();
  const open = (dialog: Parameters<typeof openDialog>[0]) => () => {
    onNavigate?.();
    openDialog(dialog);
  };
  return (
    <ChannelSidebar
      items={[]}
      header={header}
      className={className}
      onCreateChannel={open('create')}
      onJoinWithCode={open('joinCode')}
      onStartConversation={open('direct')}
      channelsContent={<ChannelNavList onNavigate={onNavigate} onBrowse={open('browse')} />}
      directContent={<DirectMessageNavList onNavigate={onNavigate} />}
    />
  );
}
