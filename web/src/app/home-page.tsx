import type { User } from '#shared/users';
import { ChannelView, MessagesHome } from '@/features/channels';
import { AppLayout } from './layout/app-layout';
import { WelcomePrompt } from './layout/welcome-prompt';
import { channelHeaderActions } from './shell/channel-header-actions';
import { channelTabs } from './shell/channel-tabs';

/**
 * docs/product.md §2: the signed-in messages screen. The channels feature selects the first channel by
 * default and shows its view here, with the tabs the features contribute; with none
 * selected, the welcome prompt.
 */
export function HomePage({ user, channelId = null }: { user: User; channelId?: string | null }) {
  return (
    <AppLayout user={user}>
      {channelId ? (
        <ChannelView channelId={channelId} tabs={channelTabs} actions={channelHeaderActions} />
      ) : (
        <MessagesHome
          fallback={<WelcomePrompt />}
          tabs={channelTabs}
          actions={channelHeaderActions}
        />
      )}
    </AppLayout>
  );
}
