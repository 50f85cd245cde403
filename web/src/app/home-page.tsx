import type { ChannelWithMembers } from '#shared/channels';
import type { User } from '#shared/users';
import { ChannelView } from '@/features/channels/components/channel-view';
import { MessagesHome } from '@/features/channels/components/messages-home';
import type { ReadPosition } from '@/features/channels/hooks/use-read-position-at-open';
import { ChannelChat } from '@/features/messages/components/channel-chat';
import { AppLayout } from './layout/app-layout';
import { WelcomePrompt } from './layout/welcome-prompt';

/**
 * SPEC §2: the signed-in messages screen. The channels feature selects the first channel by
 * default and shows its view here; with none selected, the welcome prompt.
 */
const renderChat = (channel: ChannelWithMembers, readAtOpen: ReadPosition | null) => (
  <ChannelChat channel={channel} readAtOpen={readAtOpen} />
);

export function HomePage({ user, channelId = null }: { user: User; channelId?: string | null }) {
  return (
    <AppLayout user={user}>
      {channelId ? (
        <ChannelView channelId={channelId} renderChat={renderChat} />
      ) : (
        <MessagesHome fallback={<WelcomePrompt />} renderChat={renderChat} />
      )}
    </AppLayout>
  );
}
