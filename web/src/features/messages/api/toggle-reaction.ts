import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, ReactionGroup, ReactionToggleResult } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import {
  applyReactions,
  applyThreadReactions,
  type MessagesData,
  type ThreadData,
  toggleReaction as toggleLocally,
} from '../lib/message-cache';
import { patchQuery } from '../lib/patch-query';
import { messagesKey } from './get-messages';
import { threadKey } from './get-thread';

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

/** Same update as the reaction_updated event. */
export function storeReactions(
  queryClient: ReturnType<typeof useQueryClient>,
  channelId: string,
  messageId: string,
  parentMessageId: string | null,
  reactions: ReactionGroup[],
) {
  patchQuery<MessagesData>(queryClient, messagesKey(channelId), (data) =>
    applyReactions(data, messageId, reactions),
  );
  patchQuery<ThreadData>(queryClient, threadKey(parentMessageId ?? messageId), (thread) =>
    applyThreadReactions(thread, messageId, reactions),
  );
}

/** Optimistic: the chip moves at once; the answer (or the event) then sets the truth. */
export function useToggleReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleReaction,
    onMutate: ({ message, emoji, userId }) => {
      const optimistic = toggleLocally(message.reactions, emoji, userId);
      storeReactions(
        queryClient,
        message.channelId,
        message.id,
        message.parentMessageId,
        optimistic,
      );
    },
    onSuccess: ({ reactions }, { message }) =>
      storeReactions(
        queryClient,
        message.channelId,
        message.id,
        message.parentMessageId,
        reactions,
      ),
    onError: (_error, { message }) =>
      storeReactions(
        queryClient,
        message.channelId,
        message.id,
        message.parentMessageId,
        message.reactions,
      ),
  });
}
