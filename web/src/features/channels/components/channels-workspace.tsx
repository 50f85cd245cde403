import type { ReactNode } from 'react';
import { useUnreadTitle } from '../hooks/use-unread-title';
import { ChannelDialogsProvider } from './channel-dialogs';

/**
 * What the signed-in layout needs from the channels feature around every page: the
 * workspace dialogs (create, direct message, join with a code, browse), and the tab's title
 * (`title`, the instance's name, with the unread count).
 */
export function ChannelsWorkspace({ title, children }: { title: string; children: ReactNode }) {
  useUnreadTitle(title);
  return <ChannelDialogsProvider>{children}</ChannelDialogsProvider>;
}
