import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent } from '@/lib/socket-context';
import { replaceCachedUser } from '../lib/replace-cached-user';

/**
 * An account deactivated or reactivated by an administrator (`user_changed`, docs/realtime.md):
 * every copy of it the app holds takes the change, so its name gains or loses « (désactivé) »
 * in messages, member lists, direct messages and pickers without a reload.
 */
export function useUserEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent('user_changed', (event) => replaceCachedUser(queryClient, event.user));
}
