import { useQueryClient } from '@tanstack/react-query';
import type { ServerEventType } from '#shared/protocol';
import { setPresence } from '@/lib/presence-store';
import { useSocketCatchUp, useSocketEvent } from '@/lib/socket-context';
import { refreshFriendLists } from '../api/keys';

const FRIEND_EVENTS = [
  'friend_request_created',
  'friend_request_answered',
  'friend_request_cancelled',
  'friend_added',
  'friend_removed',
] as const satisfies readonly ServerEventType[];

/**
 * Every friend event refetches the three lists the REST calls fill (they are short, and the
 * server's order and counts stay the truth); a new friend's presence shows at once. Missed
 * while the socket was away: fetched afresh after a reconnect.
 */
export function useFriendEvents(): void {
  const queryClient = useQueryClient();
  useSocketEvent(FRIEND_EVENTS, (event) => {
    if (event.type === 'friend_added') setPresence(event.friend.user.id, event.friend.user.status);
    void refreshFriendLists(queryClient);
  });
  useSocketCatchUp(({ first }) => {
    if (!first) void refreshFriendLists(queryClient);
  });
}
