import { MutationObserver, type QueryClient, useQueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import { useCallback } from 'react';
import type { Attachment, Message, MessageCreateInput } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, isUnauthorized } from '@/lib/api';
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
  pendingSends,
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
}

const requestBody = (input: SendMessageInput): MessageCreateInput => ({
  content: input.content,
  clientId: input.clientId,
  ...(input.parentMessageId ? { parentMessageId: input.parentMessageId } : {}),
  ...(input.mentions?.length ? { mentions: input.mentions } : {}),
  ...(input.attachments?.length ? { attachments: input.attachments } : {}),
});

/** POST /api/channels/{id}/messages: idempotent by clientId (201 new, 200 already stored). */
export const sendMessage = (channelId: string, input: SendMessageInput): Promise<Message> =>
  apiRequest<Message>(
    'POST',
    `/api/channels/${encodeURIComponent(channelId)}/messages`,
    requestBody(input),
  );

/** Past this, an unanswered socket send is tried again (same clientId: stored once). */
const SOCKET_ANSWER_TIMEOUT_MS = 10_000;

/** The socket closed, or did not answer in time: the send may be tried again. */
class SocketSendError extends Error {}

/**
 * The same send over the open socket (`send_message`): no request of its own, and the
 * socket's sends are stored in the order they leave. Settles with the server's answer
 * (`message_ack`, or `message_rejected` as the ApiError the POST would have thrown).
 */
export function sendMessageOverSocket(
  socket: RealtimeSocket,
  channelId: string,
  input: SendMessageInput,
): Promise<Message> {
  return new Promise((resolve, reject) => {
    const settle = (done: () => void) => {
      stopEvents();
      stopState();
      clearTimeout(timer);
      done();
    };
    const stopEvents = socket.onEvent((event) => {
      if (event.type === 'message_ack' && event.clientId === input.clientId) {
        settle(() => resolve(event.message));
      } else if (event.type === 'message_rejected' && event.clientId === input.clientId) {
        const body = { message: event.message, ...(event.errors ? { errors: event.errors } : {}) };
        const error = new ApiError(event.status, body, JSON.stringify(body), event.retryAfterMs);
        settle(() => reject(error));
      }
    });
    const stopState = socket.onStateChange((state) => {
      if (state !== 'open') settle(() => reject(new SocketSendError('socket closed')));
    });
    const timer = setTimeout(
      () => settle(() => reject(new SocketSendError('no answer'))),
      SOCKET_ANSWER_TIMEOUT_MS,
    );
    const frame = {
      type: 'send_message',
      channelId,
      clientId: input.clientId,
      message: requestBody(input),
    } as const;
    if (!socket.send(frame, { queue: false })) {
      settle(() => reject(new SocketSendError('socket not open')));
    }
  });
}

const MAX_AUTOMATIC_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => Math.min(1000 * 2 ** (attempts - 1), 10_000);
const retryTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * Refusals for now (503) in a row before a send is shown as failed: the server said when to
 * come back each time (5 s while its store restarts), so this waits out a restart of minutes
 * (docs/operations.md, "The store restarts").
 */
const MAX_REFUSALS_FOR_NOW = 36;
/** The wait after a 503 that named none. */
const RETRY_LATER_DEFAULT_MS = 3000;

/** A 4xx answer will not change on a retry; a network failure or a 5xx may. */
const isPermanent = (error: unknown) =>
  error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;

/**
 * The wait before sending again a send the server refused for now (503: busy, or its store
 * restarting), or undefined for any other failure: its hint, plus up to half again at random
 * so that the clients refused together do not all come back together.
 */
function retryLaterMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  return Math.round((error.retryAfterMs ?? RETRY_LATER_DEFAULT_MS) * (1 + Math.random() / 2));
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

/**
 * A first attempt goes over the socket when it is open (the server stores a socket's sends
 * in order, with no request of their own); a refusal for now does not count as an attempt,
 * so its resend goes there too. Anything else goes over HTTP: a socket that cannot connect
 * (a proxy refusing WebSockets) or looks open but no longer answers never holds a message
 * back.
 */
const sendEither = (socket: RealtimeSocket | null, entry: PendingSend, attempts: number) =>
  attempts === 1 && socket?.connectionState === 'open'
    ? sendMessageOverSocket(socket, entry.channelId, entry)
    : sendMessage(entry.channelId, entry);

async function deliver(
  queryClient: QueryClient,
  socket: RealtimeSocket | null,
  entry: PendingSend,
  refusals = 0,
): Promise<void> {
  const attempts = entry.attempts + 1;
  updatePendingSend(entry.clientId, { state: 'sending', attempts });
  try {
    // Through the mutation cache, so that a 401 gets the app-wide toast and sign-in redirect.
    const observer = new MutationObserver(queryClient, {
      mutationFn: () => sendEither(socket, entry, attempts),
    });
    const message = await observer.mutate();
    storeDeliveredMessage(queryClient, message);
    removePendingSend(entry.clientId);
  } catch (error) {
    // Refused for now: sent again after the server's hint, and not counted as an attempt.
    const laterMs = retryLaterMs(error);
    const refused = laterMs === undefined ? 0 : refusals + 1;
    const givenUp =
      laterMs === undefined
        ? isPermanent(error) || attempts >= MAX_AUTOMATIC_ATTEMPTS
        : refused > MAX_REFUSALS_FOR_NOW;
    if (givenUp) {
      updatePendingSend(entry.clientId, { state: 'failed' });
      // docs/product.md §8: other errors get the generic message-error toast (401 has its own).
      if (!isUnauthorized(error)) {
        toast({
          variant: 'destructive',
          title: i18n.t('messages.errors.title'),
          description: i18n.t('messages.errors.send'),
        });
      }
      return;
    }
    if (laterMs !== undefined) updatePendingSend(entry.clientId, { attempts: entry.attempts });
    const timer = setTimeout(() => {
      retryTimers.delete(entry.clientId);
      const current = pendingSends().find((e) => e.clientId === entry.clientId);
      if (current?.state === 'sending') void deliver(queryClient, socket, current, refused);
    }, laterMs ?? retryDelayMs(attempts));
    retryTimers.set(entry.clientId, timer);
  }
}

/** After a reconnect: whatever still waits is sent again now, with its same clientId. */
export function retryWaitingMessages(queryClient: QueryClient, socket: RealtimeSocket): void {
  for (const [clientId, timer] of retryTimers) {
    clearTimeout(timer);
    retryTimers.delete(clientId);
    const entry = pendingSends().find((e) => e.clientId === clientId);
    if (entry?.state === 'sending') void deliver(queryClient, socket, entry);
  }
}

/** Shows a new send as pending and delivers it (retrying as above) until it is stored. */
export function startSend(
  queryClient: QueryClient,
  socket: RealtimeSocket | null,
  entry: PendingSend,
): void {
  addPendingSend(entry);
  void deliver(queryClient, socket, entry);
}

export function useSendMessage(channelId: string, parentMessageId: string | null = null) {
  const queryClient = useQueryClient();
  const socket = useSocket();
  const send = useCallback(
    (content: string, mentions: string[] = [], attachments: Attachment[] = []) => {
      const entry: PendingSend = {
        clientId: newClientId(),
        channelId,
        parentMessageId,
        content,
        mentions,
        attachments,
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
      const entry = pendingSends().find((e) => e.clientId === clientId);
      if (entry) void deliver(queryClient, socket, { ...entry, attempts: 0 });
    },
    [queryClient, socket],
  );
  const discard = useCallback((clientId: string) => removePendingSend(clientId), []);
  return { send, retry, discard };
}
