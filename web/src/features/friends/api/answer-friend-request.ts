import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FriendRequest } from '#shared/friends';
import { apiRequest } from '@/lib/api';
import { refreshFriendLists } from './keys';

export type FriendAnswer = 'accept' | 'decline';

/** PATCH /api/friend-requests/{id}/accept or /decline: the recipient's answer. */
export const answerFriendRequest = ({
  id,
  answer,
}: {
  id: string;
  answer: FriendAnswer;
}): Promise<FriendRequest> =>
  apiRequest<FriendRequest>('PATCH', `/api/friend-requests/${encodeURIComponent(id)}/${answer}`);

export function useAnswerFriendRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerFriendRequest,
    onSettled: () => refreshFriendLists(queryClient),
  });
}
