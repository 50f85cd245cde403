import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { SENT_REQUESTS_KEY } from './keys';

/** DELETE /api/friend-requests/{id}: the sender withdraws it. */
export const cancelFriendRequest = (id: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/friend-requests/${encodeURIComponent(id)}`);

export function useCancelFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelFriendRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: SENT_REQUESTS_KEY }),
  });
}
