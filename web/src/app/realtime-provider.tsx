import type { ReactNode } from 'react';
import type { User } from '#shared/users';
import { useSessionEnd } from '@/features/auth';
import { useBoardEvents } from '@/features/boards';
import { CallLayerLoader } from '@/features/calls';
import { useChannelEvents } from '@/features/channels';
import { CustomEmojiProvider } from '@/features/emoji';
import { useFileEvents } from '@/features/files';
import { useFriendEvents } from '@/features/friends';
import { useMessageEvents } from '@/features/messages';
import { useNotificationEvents } from '@/features/notifications';
import { usePinEvents } from '@/features/pins';
import { useReminderEvents } from '@/features/reminders';
import { UserGroupsProvider } from '@/features/user-groups';
import { usePresenceEvents, useUserEvents } from '@/features/users';
import { VoiceSessionHost } from '@/features/voice';
import { SocketProvider } from '@/lib/socket-context';
import { useInstanceEvents } from './instance-name';

/**
 * Each feature's socket handlers and catch-up, one line per feature. A feature with live
 * data exports a `useXEvents` hook (built on useSocketEvent / useSocketCatchUp) and is
 * listed here.
 */
function FeatureEvents({ user }: { user: User }) {
  useMessageEvents(user);
  useChannelEvents(user.id);
  usePresenceEvents();
  useUserEvents();
  useInstanceEvents();
  useFriendEvents();
  useFileEvents();
  useNotificationEvents();
  useBoardEvents();
  usePinEvents();
  useReminderEvents();
  useSessionEnd();
  return null;
}

/**
 * The app-level realtime layer: one live socket for the signed-in user, whose events keep
 * the query cache current. Mount once, around everything that shows live data.
 */
export function RealtimeProvider({ user, children }: { user: User; children: ReactNode }) {
  return (
    <SocketProvider userId={user.id}>
      <FeatureEvents user={user} />
      <CallLayerLoader userId={user.id} />
      {/* The voice session outlives every screen (docs/calls.md, "Salons vocaux"). */}
      <VoiceSessionHost userId={user.id} />
      {/* The instance's custom emoji, live, for messages, reactions and pickers. */}
      <CustomEmojiProvider>
        <UserGroupsProvider>{children}</UserGroupsProvider>
      </CustomEmojiProvider>
    </SocketProvider>
  );
}
