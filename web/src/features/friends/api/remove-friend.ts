import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { FRIENDS_KEY } from './keys';

/** DELETE /api/friends/{id}, the friend's user id (docs/friends.md). */
export const removeFriend = (userId: string): Promise<void> =>
  apiRequest<void>('DELETE', `/api/friends/${encodeURIComponent(userId)}`);

export function useRemoveFriend() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeFriend,
    onSettled: () => queryClient.invalidateQueries({ queryKey: FRIENDS_KEY }),
  });
}
