import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest, FriendRequestCreateInput } from '#shared/friends';
import { apiRequest } from '@/lib/api';
import { refreshFriendLists } from './keys';

/** A request crossing one already received comes back accepted (docs/friends.md). */
export const sendFriendRequest = (input: FriendRequestCreateInput): Promise<FriendRequest> =>
  apiRequest<FriendRequest>('POST', '/api/friend-requests', input);

export function useSendFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendFriendRequest,
    onSettled: () => refreshFriendLists(queryClient),
  });
}
