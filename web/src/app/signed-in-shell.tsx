import { lazy, type ReactNode, Suspense } from 'react';
import type { User } from '#shared/users';
import { ChannelsWorkspace } from '@/features/channels';
import { messagesChannelContent } from '@/features/messages';
import { SearchDialogHost } from '@/features/search';
import { QuickSwitcher } from '@/features/switcher';
import { ChannelContentProvider } from '@/lib/channel-content';
import { MessageExtensionsProvider } from '@/lib/message-extensions';
import { useInstanceName } from './instance-name';
import { RealtimeProvider } from './realtime-provider';
import { messageExtensions } from './shell/message-extensions';

const WelcomeDialog = lazy(() =>
  import('@/features/auth/components/welcome-dialog').then((module) => ({
    default: module.WelcomeDialog,
  })),
);

/**
 * Around every page of a signed-in visit, loaded once signed in (not on the landing page):
 * one socket and its feature handlers, what other features show in messages, what the channel
 * lists show of messages (lib/channel-content.ts), the channel workspace dialogs, the Ctrl/Cmd+K switcher, and the first-visit display-name prompt.
 */
export function SignedInShell({ user, children }: { user: User; children: ReactNode }) {
  const instanceName = useInstanceName();
  return (
    <RealtimeProvider user={user}>
      <MessageExtensionsProvider value={messageExtensions}>
        <ChannelContentProvider value={messagesChannelContent}>
          <ChannelsWorkspace title={instanceName}>
            <QuickSwitcher />
            <SearchDialogHost />
            {children}
          </ChannelsWorkspace>
        </ChannelContentProvider>
      </MessageExtensionsProvider>
      {/* docs/product.md §4: over every screen while the signed-in user has no display name. */}
      {user.displayName ? null : (
        <Suspense fallback={null}>
          <WelcomeDialog user={user} />
        </Suspense>
      )}
    </RealtimeProvider>
  );
}
