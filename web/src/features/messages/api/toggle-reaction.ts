import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, ReactionGroup, ReactionToggleResult } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import { patchHeldMessage } from '@/lib/message-queries';
import { toggleReaction as toggleLocally } from '../lib/message-cache';

interface ToggleReactionInput {
  message: Message;
  emoji: string;
  userId: string;
}

/** POST /api/messages/{id}/reactions: adds the caller's emoji, or removes it if present. */
export const toggleReaction = ({ message, emoji }: ToggleReactionInput) =>
  apiRequest<ReactionToggleResult>(
    'POST',
    `/api/messages/${encodeURIComponent(message.id)}/reactions`,
    { emoji },
  );

/** Same update as the reaction_updated event: wherever the message is held. */
export function storeReactions(
  queryClient: QueryClient,
  messageId: string,
  reactions: ReactionGroup[],
) {
  patchHeldMessage(queryClient, messageId, (message) => ({ ...message, reactions }));
}

/** Optimistic: the chip moves at once; the answer (or the event) then sets the truth. */
export function useToggleReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReaction,
    onMutate: ({ message, emoji, userId }) =>
      storeReactions(queryClient, message.id, toggleLocally(message.reactions, emoji, userId)),
    onSuccess: ({ reactions }, { message }) => storeReactions(queryClient, message.id, reactions),
    onError: (_error, { message }) => storeReactions(queryClient, message.id, message.reactions),
  });
}
