import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSocket } from '@/lib/socket-context';
import { CURRENT_USER_KEY } from '../api/get-current-user';

/** docs/product.md §6 / protocol: close code 4401 means the session ended elsewhere; back to the signed-out app. */
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
}
