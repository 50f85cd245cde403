import { MutationObserver, onlineManager, type QueryClient } from '@tanstack/react-query';
import i18n from 'i18next';
import type { Message, MessageCreateInput } from '#shared/messages';
import { toast } from '@/components/ui/use-toast';
import { ApiError, apiRequest, isUnauthorized } from '@/lib/api';
import type { RealtimeSocket } from '@/lib/socket';
import {
  type PendingSend,
  pendingSends,
  removePendingSend,
  updatePendingSend,
} from '../lib/pending-sends';
import type { SendMessageInput } from './send-message';

/*
 * Delivering own messages (docs/product.md §10.10, §2.34): over the socket or HTTP, retried with
 * the same clientId until stored, refused for good, or left waiting for the connection. Loaded
 * on demand (api/send-message.ts), out of the channel view's first load.
 */

/** Where a send goes, and where its stored message is put (api/send-message.ts). */
export interface Via {
  queryClient: QueryClient;
  socket: RealtimeSocket | null;
  store: (queryClient: QueryClient, message: Message) => void;
}

const requestBody = (input: SendMessageInput): MessageCreateInput => ({
  content: input.content,
  clientId: input.clientId,
  ...(input.parentMessageId ? { parentMessageId: input.parentMessageId } : {}),
  ...(input.mentions?.length ? { mentions: input.mentions } : {}),
  ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  ...(input.urgent ? { urgent: true } : {}),
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
 * No answer from the server: the network is down, the server or its socket out of reach, or
 * the proxy in front of it says so (502, 504). Such a send waits for the connection.
 */
const isUnanswered = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 502 || error.status === 504;

/** Offline, or the server found out of reach (app/offline-cache.ts): the query client knows. */
const isOffline = () => !onlineManager.isOnline();

/**
 * The wait before sending again a send the server refused for now (503: busy, or its store
 * restarting), or undefined for any other failure: its hint, plus up to half again at random
 * so that the clients refused together do not all come back together.
 */
function retryLaterMs(error: unknown): number | undefined {
  if (!(error instanceof ApiError) || error.status !== 503) return undefined;
  return Math.round((error.retryAfterMs ?? RETRY_LATER_DEFAULT_MS) * (1 + Math.random() / 2));
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

const findSend = (clientId: string) => pendingSends().find((e) => e.clientId === clientId);

/** Sends waiting before their next attempt: a reconnect wakes them. */
const wakers = new Map<string, () => void>();

const pause = (clientId: string, ms: number) =>
  new Promise<void>((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      wakers.delete(clientId);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    wakers.set(clientId, wake);
  });

function showFailed(clientId: string, error: unknown): void {
  updatePendingSend(clientId, { state: 'failed' });
  // docs/product.md §8: other errors get the generic message-error toast (401 has its own).
  if (!isUnauthorized(error)) {
    toast({
      variant: 'destructive',
      title: i18n.t('messages.errors.title'),
      description: i18n.t('messages.errors.send'),
    });
  }
}

/**
 * Sends (retrying as above) until the message is stored, refused for good ("failed", with a
 * retry), or left to wait for the connection ("queued"), and resolves then; a send discarded
 * meanwhile stops. The clientId stays the same throughout: the server stores it once.
 */
async function deliver(via: Via, clientId: string): Promise<void> {
  let attempts = 0;
  let refusals = 0;
  for (;;) {
    const entry = findSend(clientId);
    if (!entry || entry.state === 'failed') return;
    if (isOffline()) return updatePendingSend(clientId, { state: 'queued' });
    attempts += 1;
    updatePendingSend(clientId, { state: 'sending', attempts });
    try {
      // Through the mutation cache, so that a 401 gets the app-wide toast and sign-in redirect;
      // never paused by the query client while offline: this loop decides.
      const observer = new MutationObserver(via.queryClient, {
        mutationFn: () => sendEither(via.socket, entry, attempts),
        networkMode: 'always',
      });
      via.store(via.queryClient, await observer.mutate());
      return removePendingSend(clientId);
    } catch (error) {
      // Refused for now: sent again after the server's hint, and not counted as an attempt.
      const laterMs = retryLaterMs(error);
      if (laterMs !== undefined) {
        if (++refusals > MAX_REFUSALS_FOR_NOW) return showFailed(clientId, error);
        attempts -= 1;
      } else if (isPermanent(error)) {
        return showFailed(clientId, error);
      } else if (isUnanswered(error) && (isOffline() || attempts >= MAX_AUTOMATIC_ATTEMPTS)) {
        return updatePendingSend(clientId, { state: 'queued' });
      } else if (attempts >= MAX_AUTOMATIC_ATTEMPTS) {
        return showFailed(clientId, error);
      }
      await pause(clientId, laterMs ?? retryDelayMs(attempts));
    }
  }
}

/** Channels whose queued sends are going out; and those to look at again once out of reach. */
const flushing = new Set<string>();
const flushAgain = new Set<string>();

/**
 * A channel's queued sends, oldest first and one at a time, so that they are stored in the
 * order they were written; stops at the first that still finds no connection.
 */
async function flushChannel(via: Via, channelId: string): Promise<void> {
  if (flushing.has(channelId)) {
    // The connection came back while the last send was found out of reach: once more.
    flushAgain.add(channelId);
    return;
  }
  flushing.add(channelId);
  try {
    for (;;) {
      const next = pendingSends().find((e) => e.channelId === channelId && e.state === 'queued');
      if (!next) return;
      await deliver(via, next.clientId);
      if (findSend(next.clientId)?.state === 'queued' && !flushAgain.delete(channelId)) return;
    }
  } finally {
    flushing.delete(channelId);
    flushAgain.delete(channelId);
  }
}

/**
 * The connection is back (the socket opened, or the browser is online again): whatever waits
 * is sent now — a retry's pause ends, and each channel's queued sends go out in order.
 */
export function retryWaiting(via: Via): void {
  for (const wake of [...wakers.values()]) wake();
  const channels = new Set(
    pendingSends().flatMap((e) => (e.state === 'queued' ? [e.channelId] : [])),
  );
  for (const channelId of channels) void flushChannel(via, channelId);
}

/** Delivers a send just shown as pending; behind sends of its channel that still wait, it waits its turn. */
export function deliverNew(via: Via, clientId: string): void {
  const entry = findSend(clientId);
  if (!entry) return;
  const { channelId } = entry;
  const behind =
    flushing.has(channelId) ||
    pendingSends().some(
      (e) => e.channelId === channelId && e.state === 'queued' && e.clientId !== clientId,
    );
  if (!behind) return void deliver(via, clientId);
  updatePendingSend(clientId, { state: 'queued' });
  void flushChannel(via, channelId);
}

/** « Réessayer » on a failed send. */
export function retrySend(via: Via, clientId: string): void {
  updatePendingSend(clientId, { state: 'sending', attempts: 0 });
  void deliver(via, clientId);
}

/** A discarded send waiting before its next attempt stops now. */
export const stopWaiting = (clientId: string) => wakers.get(clientId)?.();
