import type { ReactNode } from 'react';
import type { User } from '#shared/users';
import { useSessionEnd } from '@/features/auth/hooks/use-session-end';
import { useBoardEvents } from '@/features/boards/hooks/use-board-events';
import { CallLayerLoader } from '@/features/calls/components/call-layer-loader';
import { useChannelEvents } from '@/features/channels/hooks/use-channel-events';
import { useFileEvents } from '@/features/files/hooks/use-file-events';
import { useFriendEvents } from '@/features/friends/hooks/use-friend-events';
import { useMessageEvents } from '@/features/messages/hooks/use-message-events';
import { useNotificationEvents } from '@/features/notifications/hooks/use-notification-events';
import { usePresenceEvents } from '@/features/users/hooks/use-presence-events';
import { SocketProvider } from '@/lib/socket-context';

/**
 * Each feature's socket handlers and catch-up, one line per feature. A feature with live
 * data exports a `useXEvents` hook (built on useSocketEvent / useSocketCatchUp) and is
 * listed here.
 */
function FeatureEvents({ user }: { user: User }) {
  useMessageEvents(user);
  useChannelEvents(user.id);
  usePresenceEvents();
  useFriendEvents();
  useFileEvents();
  useNotificationEvents();
  useBoardEvents();
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
      {children}
    </SocketProvider>
  );
}
