import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket, useSocketEvent } from '@/lib/socket-context';
import { authProvidersQueryOptions } from '../api/get-auth-providers';
import { CURRENT_USER_KEY } from '../api/get-current-user';

/**
 * docs/product.md §6 / protocol: close code 4401 means the session ended elsewhere; back to the
 * signed-out app. An administrator changed this account (issue 48: made or no longer an
 * administrator): its role is fetched again, so the user menu shows « Administration » or not.
 */
export function useSessionEnd(): void {
  const queryClient = useQueryClient();
  const socket = useSocket();
  useEffect(
    () =>
      socket?.onSessionEnded(() => {
        void queryClient.invalidateQueries({ queryKey: CURRENT_USER_KEY });
      }),
    [socket, queryClient],
  );
  useSocketEvent('admin_user_changed', () => {
    void queryClient.invalidateQueries({ queryKey: authProvidersQueryOptions().queryKey });
  });
}
