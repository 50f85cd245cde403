import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import type { User } from '#shared/users';
import { CURRENT_USER_KEY } from '@/features/auth/api/get-current-user';
import { SocketProvider, useSocket, useSocketEvent, useSocketOpen } from '@/lib/socket-context';
import { retryWaitingMessages } from '../api/send-message';
import { useAutoAway } from '../hooks/use-auto-away';
import { applyServerEvent, catchUpCachedChannels } from '../lib/realtime-cache';

/**
 * The app-level realtime layer: one live socket for the signed-in user, whose events keep
 * the query cache current. Mount once, around everything that shows channels or messages.
 */
export function RealtimeProvider({ user, children }: { user: User; children: ReactNode }) {
  return (
    <SocketProvider userId={user.id}>
      <RealtimeBridge user={user} />
      {children}
    </SocketProvider>
  );
}

function RealtimeBridge({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const socket = useSocket();

  useSocketEvent((event) => {
    if (event.type === 'ready' || event.type === 'resync') {
      void catchUpCachedChannels(queryClient);
      return;
    }
    applyServerEvent(queryClient, event, user.id);
  });
  // Messages that failed while the socket was down are worth another try now.
  useSocketOpen(() => socket && retryWaitingMessages(queryClient, socket));
  useAutoAway(socket, user.status);

  // SPEC §6 / protocol: 4401 means the session ended elsewhere; back to the signed-out app.
  useEffect(
    () =>
      socket?.onSessionEnded(() => {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }),
    [socket, queryClient],
  );
  return null;
}
