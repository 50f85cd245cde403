import type { ReactNode } from 'react';
import { useUnreadTitle } from '../hooks/use-unread-title';
import { ChannelDialogsProvider } from './channel-dialogs';

/**
 * What the signed-in layout needs from the channels feature around every page: the
 * workspace dialogs (create, direct message, join with a code, browse).
 */
export function ChannelsWorkspace({ children }: { children: ReactNode }) {
  useUnreadTitle();
  return <ChannelDialogsProvider>{children}</ChannelDialogsProvider>;
}
