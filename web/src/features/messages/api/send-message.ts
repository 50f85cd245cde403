import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Attachment, Message } from '#shared/messages';
import type { RealtimeSocket } from '@/lib/socket';
import { useSocket } from '@/lib/socket-context';
import { newClientId } from '../lib/client-id';
import {
  applyNewMessage,
  applyThreadMessage,
  type MessagesData,
  type ThreadData,
} from '../lib/message-cache';
import { patchQuery } from '../lib/patch-query';
import {
  addPendingSend,
  type PendingSend,
  removePendingSend,
  updatePendingSend,
} from '../lib/pending-sends';
import { messagesKey } from './get-messages';
import { threadKey } from './get-thread';

export interface SendMessageInput {
  content: string;
  clientId: string;
  parentMessageId?: string | null;
  mentions?: string[];
  attachments?: Attachment[];
  /** Notifies at once even outside the recipients' working hours (docs/product.md, « Droit à la déconnexion »). */
  urgent?: boolean;
}

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

/** The delivery (api/deliver-sends.ts): loaded with the socket's first open, or the first send. */
const delivery = () => import('./deliver-sends');
const via = (queryClient: QueryClient, socket: RealtimeSocket | null) => ({
  queryClient,
  socket,
  store: storeDeliveredMessage,
});

/**
 * Shows a new send as pending at once, and delivers it (retrying, or queued while offline)
 * until it is stored. Should the delivery not load, the send waits in the outbox for the next
 * start (docs/product.md §2.34).
 */
export function startSend(
  queryClient: QueryClient,
  socket: RealtimeSocket | null,
  entry: PendingSend,
): void {
  addPendingSend(entry);
  delivery().then(
    (module) => module.deliverNew(via(queryClient, socket), entry.clientId),
    () => updatePendingSend(entry.clientId, { state: 'queued' }),
  );
}

/**
 * The connection is back (the socket opened, or the browser is online again): whatever waits
 * is sent now, each channel's queued sends in order.
 */
export function retryWaitingMessages(
  queryClient: QueryClient,
  socket: RealtimeSocket | null,
): void {
  delivery().then(
    (module) => module.retryWaiting(via(queryClient, socket)),
    () => undefined,
  );
}

export function useSendMessage(channelId: string, parentMessageId: string | null = null) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const send = useCallback(
    (
      content: string,
      mentions: string[] = [],
      attachments: Attachment[] = [],
      options: { urgent?: boolean } = {},
    ) => {
      const entry: PendingSend = {
        clientId: newClientId(),
        channelId,
        parentMessageId,
        content,
        mentions,
        attachments,
        ...(options.urgent ? { urgent: true } : {}),
        createdAt: new Date().toISOString(),
        state: 'sending',
        attempts: 0,
      };
      startSend(queryClient, socket, entry);
    },
    [channelId, parentMessageId, queryClient, socket],
  );
  const retry = useCallback(
    (clientId: string) => {
      void delivery().then((module) => module.retrySend(via(queryClient, socket), clientId));
    },
    [queryClient, socket],
  );
  const discard = useCallback((clientId: string) => {
    removePendingSend(clientId);
    void delivery().then((module) => module.stopWaiting(clientId));
  }, []);
  return { send, retry, discard };
}
