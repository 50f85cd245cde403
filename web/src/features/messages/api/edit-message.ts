import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import {
  applyThreadMessage,
  applyUpdatedMessage,
  type MessagesData,
  type ThreadData,
} from '../lib/message-cache';
import { patchQuery } from '../lib/patch-query';
import { messagesKey } from './get-messages';
import { threadKey } from './get-thread';

/** PATCH /api/messages/{id}: new content; the answer is the message, marked edited. */
export const editMessage = ({ messageId, content }: { messageId: string; content: string }) =>
  apiRequest<Message>('PATCH', `/api/messages/${encodeURIComponent(messageId)}`, { content });

/** Same update as the message_updated event, so both paths converge on one copy. */
export function storeUpdatedMessage(
  queryClient: ReturnType<typeof useQueryClient>,
  message: Message,
) {
  patchQuery<MessagesData>(queryClient, messagesKey(message.channelId), (data) =>
    applyUpdatedMessage(data, message),
  );
  patchQuery<ThreadData>(queryClient, threadKey(message.parentMessageId ?? message.id), (t) =>
    applyThreadMessage(t, message),
  );
}

export function useEditMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editMessage,
    onSuccess: (message) => storeUpdatedMessage(queryClient, message),
  });
}
