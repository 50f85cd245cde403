import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message } from '#shared/messages';
import { apiRequest } from '@/lib/api';
import { patchHeldMessage } from '@/lib/message-queries';
import {
  applyDeletion,
  applyThreadDeletion,
  type MessagesData,
  type ThreadData,
} from '../lib/message-cache';
import { patchQuery } from '../lib/patch-query';
import { messagesKey } from './get-messages';
import { threadKey } from './get-thread';

/** DELETE /api/messages/{id}. */
export const deleteMessage = (message: Pick<Message, 'id'>) =>
  apiRequest<void>('DELETE', `/api/messages/${encodeURIComponent(message.id)}`);

// The DELETE's answer and the message_deleted event both arrive: the parent's reply count
// must drop once, so deletions already applied are remembered (bounded).
const appliedDeletions = new Set<string>();
function firstTime(messageId: string): boolean {
  if (appliedDeletions.has(messageId)) return false;
  appliedDeletions.add(messageId);
  if (appliedDeletions.size > 500) appliedDeletions.delete(appliedDeletions.values().next().value!);
  return true;
}

/** Same update as the message_deleted event. */
export function storeDeletion(
  queryClient: QueryClient,
  channelId: string,
  messageId: string,
  parentMessageId: string | null,
) {
  if (!firstTime(messageId)) return;
  patchQuery<MessagesData>(
    queryClient,
    messagesKey(channelId),
    (data) => applyDeletion(data, messageId, parentMessageId),
    { restart: parentMessageId !== null },
  );
  if (parentMessageId) {
    patchQuery<ThreadData>(
      queryClient,
      threadKey(parentMessageId),
      (thread) => applyThreadDeletion(thread, messageId),
      { restart: true },
    );
  }
  // Elsewhere it is held (search results, pins…): gone there too.
  patchHeldMessage(queryClient, messageId, () => null);
  queryClient.removeQueries({ queryKey: threadKey(messageId), exact: true });
}

export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: (_, message: Message) =>
      storeDeletion(queryClient, message.channelId, message.id, message.parentMessageId),
  });
}
