import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MessageThread } from '#shared/messages';
import { apiGet } from '@/lib/api';
import { holdsMessages } from '@/lib/message-queries';
import { bySeq, mapThreadMessages, type ThreadData } from '../lib/message-cache';

export const threadKey = (messageId: string) => ['/api/messages', messageId, 'thread'] as const;

/** GET /api/messages/{id}/thread: the parent message and its replies, oldest first. */
export async function getThread(messageId: string): Promise<ThreadData> {
  const thread = await apiGet<MessageThread>(
    `/api/messages/${encodeURIComponent(messageId)}/thread`,
  );
  return { parent: thread.parent, replies: [...thread.replies].sort(bySeq) };
}

export const threadQueryOptions = (messageId: string) =>
  queryOptions({
    queryKey: threadKey(messageId),
    queryFn: () => getThread(messageId),
    // Edits, reactions and deletions reach the thread panel (lib/message-queries).
    meta: holdsMessages<ThreadData>(mapThreadMessages),
  });

export function useThread(messageId: string) {
  return useQuery(threadQueryOptions(messageId));
}
