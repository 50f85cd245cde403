import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import { patchHeldMessage } from '@/lib/message-queries';
import { applyThreadMessage, type ThreadData } from '../lib/message-cache';
import { patchQuery } from '../lib/patch-query';
import { threadKey } from './get-thread';

/** PATCH /api/messages/{id}: new content; the answer is the message, marked edited. */
export const editMessage = ({ messageId, content }: { messageId: string; content: string }) =>
  apiRequest<Message>('PATCH', `/api/messages/${encodeURIComponent(messageId)}`, { content });

/**
 * Same update as the message_updated event, so both paths converge on one copy: wherever the
 * message is held; a reply the open thread lacks is added to it.
 */
export function storeUpdatedMessage(queryClient: QueryClient, message: Message) {
  patchHeldMessage(queryClient, message.id, () => message);
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
