import { MutationObserver, type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useCallback } from 'react';
import type { Message } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, isUnauthorized } from '@/lib/api';
import { newClientId } from '../lib/client-id';
import {
  applyNewMessage,
  applyThreadMessage,
  type MessagesData,
  type ThreadData,
} from '../lib/message-cache';
import {
  addToOutbox,
  type OutboxEntry,
  outboxEntries,
  removeFromOutbox,
  updateOutbox,
} from '../lib/outbox';
import { patchQuery } from '../lib/patch-query';
import { messagesKey } from './get-messages';
import { threadKey } from './get-thread';

export interface SendMessageInput {
  content: string;
  clientId: string;
  parentMessageId?: string | null;
  mentions?: string[];
}

/** POST /api/channels/{id}/messages: idempotent by clientId (201 new, 200 already stored). */
export const sendMessage = (channelId: string, input: SendMessageInput): Promise<Message> =>
  apiRequest<Message>('POST', `/api/channels/${encodeURIComponent(channelId)}/messages`, {
    content: input.content,
    clientId: input.clientId,
    ...(input.parentMessageId ? { parentMessageId: input.parentMessageId } : {}),
    ...(input.mentions?.length ? { mentions: input.mentions } : {}),
  });

const MAX_AUTOMATIC_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), 10_000);
const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

/** A 4xx answer will not change on a retry; a network failure or a 5xx may. */
const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/** Puts the stored message where the list and the thread panel read it. */
export function storeDeliveredMessage(queryClient: QueryClient, message: Message): void {
  patchQuery<MessagesData>(queryClient, messagesKey(message.channelId), (data) =>
    applyNewMessage(data, message),
  );
  if (message.parentMessageId) {
    patchQuery<ThreadData>(queryClient, threadKey(message.parentMessageId), (thread) =>
      applyThreadMessage(thread, message),
    );
  }
}

async function deliver(queryClient: QueryClient, entry: OutboxEntry): Promise<void> {
  const attempts = entry.attempts + 1;
  updateOutbox(entry.clientId, { state: 'sending', attempts });
  try {
    // Through the mutation cache, so that a 401 gets the app-wide toast and sign-in redirect.
    const observer = new MutationObserver(queryClient, {
      mutationFn: () => sendMessage(entry.channelId, entry),
    });
    const message = await observer.mutate();
    storeDeliveredMessage(queryClient, message);
    removeFromOutbox(entry.clientId);
  } catch (error) {
    if (isPermanent(error) || attempts >= MAX_AUTOMATIC_ATTEMPTS) {
      updateOutbox(entry.clientId, { state: 'failed' });
      // SPEC §8: other errors get the generic message-error toast (401 has its own).
      if (!isUnauthorized(error)) {
        toast({
          variant: 'destructive',
          title: i18n.t('messages.errors.title'),
          description: i18n.t('messages.errors.send'),
        });
      }
      return;
    }
    const timer = setTimeout(() => {
      retryTimers.delete(entry.clientId);
      const current = outboxEntries().find((e) => e.clientId === entry.clientId);
      if (current?.state === 'sending') void deliver(queryClient, current);
    }, retryDelayMs(attempts));
    retryTimers.set(entry.clientId, timer);
  }
}

/** After a reconnect: whatever still waits is sent again now, with its same clientId. */
export function retryWaitingMessages(queryClient: QueryClient): void {
  for (const [clientId, timer] of retryTimers) {
    clearTimeout(timer);
    retryTimers.delete(clientId);
    const entry = outboxEntries().find((e) => e.clientId === clientId);
    if (entry?.state === 'sending') void deliver(queryClient, entry);
  }
}

export function useSendMessage(channelId: string, parentMessageId: string | null = null) {
  const queryClient = useQueryClient();
  const send = useCallback(
    (content: string, mentions: string[] = []) => {
      const entry: OutboxEntry = {
        clientId: newClientId(),
        channelId,
        parentMessageId,
        content,
        mentions,
        createdAt: new Date().toISOString(),
        state: 'sending',
        attempts: 0,
      };
      addToOutbox(entry);
      void deliver(queryClient, entry);
    },
    [channelId, parentMessageId, queryClient],
  );
  const retry = useCallback(
    (clientId: string) => {
      const entry = outboxEntries().find((e) => e.clientId === clientId);
      if (entry) void deliver(queryClient, { ...entry, attempts: 0 });
    },
    [queryClient],
  );
  const discard = useCallback((clientId: string) => removeFromOutbox(clientId), []);
  return { send, retry, discard };
}
