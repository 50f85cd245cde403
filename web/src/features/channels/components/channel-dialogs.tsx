import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useContext,
  useMemo,
  useState,
} from 'react';
import { useOpenedOnce } from '@/lib/use-opened-once';

// Each dialog's chunk loads when it is first opened, not with the channel view.
const CreateChannelDialog = lazy(() =>
  import('./create-channel-dialog').then((module) => ({ default: module.CreateChannelDialog })),
);
const StartDirectDialog = lazy(() =>
  import('./start-direct-dialog').then((module) => ({ default: module.StartDirectDialog })),
);
const JoinByCodeDialog = lazy(() =>
  import('./join-by-code-dialog').then((module) => ({ default: module.JoinByCodeDialog })),
);
const BrowseChannelsDialog = lazy(() =>
  import('./browse-channels-dialog').then((module) => ({ default: module.BrowseChannelsDialog })),
);

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
  const opened = {
    create: useOpenedOnce(openDialog === 'create'),
    direct: useOpenedOnce(openDialog === 'direct'),
    joinCode: useOpenedOnce(openDialog === 'joinCode'),
    browse: useOpenedOnce(openDialog === 'browse'),
  };
  return (
    <ChannelDialogsContext.Provider value={setOpenDialog}>
      {children}
      <Suspense fallback={null}>
        {opened.create ? (
          <CreateChannelDialog open={openDialog === 'create'} onOpenChange={handlers('create')} />
        ) : null}
        {opened.direct ? (
          <StartDirectDialog open={openDialog === 'direct'} onOpenChange={handlers('direct')} />
        ) : null}
        {opened.joinCode ? (
          <JoinByCodeDialog open={openDialog === 'joinCode'} onOpenChange={handlers('joinCode')} />
        ) : null}
        {opened.browse ? (
          <BrowseChannelsDialog open={openDialog === 'browse'} onOpenChange={handlers('browse')} />
        ) : null}
      </Suspense>
    </ChannelDialogsContext.Provider>
  );
}

export function useChannelDialogs(): (dialog: ChannelDialog) => void {
  const open = useContext(ChannelDialogsContext);
  if (!open) throw new Error('useChannelDialogs needs a ChannelDialogsProvider');
  return open;
}
