import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import { BrowseChannelsDialog } from './browse-channels-dialog';
import { CreateChannelDialog } from './create-channel-dialog';
import { JoinByCodeDialog } from './join-by-code-dialog';
import { StartDirectDialog } from './start-direct-dialog';

export type ChannelDialog = 'create' | 'direct' | 'joinCode' | 'browse';

const ChannelDialogsContext = createContext<((dialog: ChannelDialog) => void) | null>(null);

/**
 * The workspace-level dialogs (create, direct message, join with a code, browse), opened
 * from the sidebar buttons, the mobile menu or the quick switcher alike.
 */
export function ChannelDialogsProvider({ children }: { children: ReactNode }) {
  const [openDialog, setOpenDialog] = useState<ChannelDialog | null>(null);
  const handlers = useMemo(
    () => (dialog: ChannelDialog) => (open: boolean) => setOpenDialog(open ? dialog : null),
    [],
  );
  return (
    <ChannelDialogsContext.Provider value={setOpenDialog}>
      {children}
      <CreateChannelDialog open={openDialog === 'create'} onOpenChange={handlers('create')} />
      <StartDirectDialog open={openDialog === 'direct'} onOpenChange={handlers('direct')} />
      <JoinByCodeDialog open={openDialog === 'joinCode'} onOpenChange={handlers('joinCode')} />
      <BrowseChannelsDialog open={openDialog === 'browse'} onOpenChange={handlers('browse')} />
    </ChannelDialogsContext.Provider>
  );
}

export function useChannelDialogs(): (dialog: ChannelDialog) => void {
  const open = useContext(ChannelDialogsContext);
  if (!open) throw new Error('useChannelDialogs needs a ChannelDialogsProvider');
  return open;
}
