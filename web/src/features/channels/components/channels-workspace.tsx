import type { ReactNode } from 'react';
import type { User } from '#shared/users';
import { QuickSwitcher } from '@/features/switcher/components/quick-switcher';
import { useChannelEvents } from '../hooks/use-channel-events';
import { ChannelDialogsProvider } from './channel-dialogs';

function ChannelEvents({ meId }: { meId: string }) {
  useChannelEvents(meId);
  return null;
}

/**
 * Everything the signed-in layout needs from the channels feature: the workspace dialogs,
 * the live channel/member events, and the Ctrl/Cmd+K switcher. Mount inside the socket.
 */
export function ChannelsWorkspace({ user, children }: { user: User; children: ReactNode }) {
  return (
    <ChannelDialogsProvider>
      <ChannelEvents meId={user.id} />
      <QuickSwitcher />
      {children}
    </ChannelDialogsProvider>
  );
}
