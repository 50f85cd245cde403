import type { QueryClient } from '@tanstack/react-query';
import type { Channel } from '#shared/channels';
import type { Message, TypingUser } from '#shared/messages';
import type { ServerEventType } from '#shared/protocol';
import { CHANNELS_KEY, patchListedChannel } from '@/features/channels';
import { getActiveChannel } from '@/lib/channel-in-view';
import type { ServerEventOf } from '@/lib/socket-events';
import { storeDeletion } from '../api/delete-message';
import { storeUpdatedMessage } from '../api/edit-message';
import {
  getMessagesAfter,
  getMessagesPage,
  messagesKey,
  messagesQueryOptions,
} from '../api/get-messages';
import { typingKey } from '../api/get-typing';
import { storeDeliveredMessage } from '../api/send-message';
import { storeReactions } from '../api/toggle-reaction';
import {
  applyCatchUp,
  applyHeadRefresh,
  isAtHead,
  lastSeenSeq,
  type MessagesData,
  type ThreadData,
} from './message-cache';

/** The server events the messages feature keeps its queries current with. */
export const MESSAGE_EVENTS = [
  'new_message',
  'message_updated',
  'message_deleted',
  'reaction_updated',
  'typing_update',
] as const satisfies readonly ServerEventType[];

export type MessageEvent = ServerEventOf<(typeof MESSAGE_EVENTS)[number]>;

/**
 * Message events → the same query keys the REST calls fill (docs/architecture.md: one source of truth).
 * Every update is idempotent, since an event may also come back through a catch-up.
 */
export function applyMessageEvent(queryClient: QueryClient, event: MessageEvent, meId: string) {
  switch (event.type) {
    case 'new_message':
      storeDeliveredMessage(queryClient, event.message);
      catchUpOnceLanded(queryClient, event.channelId);
      bumpUnread(queryClient, event.message, meId);
      dropTypingUser(queryClient, event.channelId, event.message.userId);
      return;
    case 'message_updated':
      storeUpdatedMessage(queryClient, event.message);
      return;
    case 'message_deleted':
      storeDeletion(queryClient, event.channelId, event.messageId, event.parentMessageId);
      return;
    case 'reaction_updated':
      // Wherever the message is held: the history, a thread (a reply's), search results…
      storeReactions(queryClient, event.messageId, event.reactions);
      return;
    case 'typing_update':
      if (event.user.userId === meId) return;
      queryClient.setQueryData<TypingUser[]>(typingKey(event.channelId), (users = []) => {
        const others = users.filter((user) => user.userId !== event.user.userId);
        return event.isTyping ? [...others, event.user] : others;
      });
      return;
  }
}

/** Sidebar badge, in place: once per message (seq above the channel's lastSeq). */
function bumpUnread(queryClient: QueryClient, message: Message, meId: string) {
  const channels = queryClient.getQueryData<Channel[]>(CHANNELS_KEY);
  const channel = channels?.find((c) => c.id === message.channelId);
  if (!channels) return;
  if (!channel) {
    // A channel we were just added to: the list refetches with it.
    void queryClient.invalidateQueries({ queryKey: CHANNELS_KEY, exact: true });
    return;
  }
  if (message.seq <= channel.lastSeq) return;
  // A thread reply counts in its thread, not in the channel's badge (as in Slack).
  const counts =
    message.userId !== meId && !message.parentMessageId && getActiveChannel() !== message.channelId;
  patchListedChannel(queryClient, message.channelId, (c) => ({
    lastSeq: message.seq,
    unreadCount: c.unreadCount + (counts ? 1 : 0),
  }));
}

function dropTypingUser(queryClient: QueryClient, channelId: string, userId: string) {
  queryClient.setQueryData<TypingUser[]>(typingKey(channelId), (users) =>
    users?.some((user) => user.userId === userId)
      ? users.filter((user) => user.userId !== userId)
      : users,
  );
}

const messagesQuery = (queryClient: QueryClient, channelId: string) =>
  queryClient.getQueryCache().find<MessagesData>({ queryKey: messagesKey(channelId), exact: true });

/** Its first page asked for and not come yet. */
function pageOnItsWay(queryClient: QueryClient, channelId: string): boolean {
  const state = messagesQuery(queryClient, channelId)?.state;
  return state !== undefined && state.data === undefined && state.fetchStatus === 'fetching';
}

/**
 * Fetches what came after the last seq the channel's history holds (waiting for its first
 * page if it is on its way) and merges it: never a refetch, which, read before a live message
 * and answered after it, would replace it. False when there was nothing to catch up from (no
 * history, or a window far back).
 */
async function catchUpAfterLastSeen(queryClient: QueryClient, channelId: string) {
  const data = pageOnItsWay(queryClient, channelId)
    ? await queryClient
        .ensureInfiniteQueryData(messagesQueryOptions(channelId))
        .catch(() => undefined)
    : messagesQuery(queryClient, channelId)?.state.data;
  if (!data || !isAtHead(data)) return false;
  const missed = await getMessagesAfter(channelId, lastSeenSeq(data) ?? 0);
  queryClient.setQueryData<MessagesData>(messagesKey(channelId), (current) =>
    applyCatchUp(current, missed),
  );
  return true;
}

const awaitingPage = new Set<string>();

/**
 * A message event for a channel whose first page is on its way has nowhere to go, and that
 * page may have been read before the message: once it lands, it is caught up (once per page,
 * however many events came meanwhile).
 */
function catchUpOnceLanded(queryClient: QueryClient, channelId: string) {
  if (awaitingPage.has(channelId) || !pageOnItsWay(queryClient, channelId)) return;
  awaitingPage.add(channelId);
  catchUpAfterLastSeen(queryClient, channelId)
    .catch(() => {
      // Offline again: the next ready catches up.
    })
    .finally(() => awaitingPage.delete(channelId));
}

/**
 * Edits, deletions and reactions carry no seq, so the seq catch-up cannot bring those made
 * while the socket was away — nor reactions made while the channel was not on screen, which
 * reach only the sockets viewing it (docs/realtime.md, "Reactions"): the loaded history, if
 * it reaches the newest message, is reconciled with a fresh newest page (a merge, not a
 * refetch, so a permalink window opened meanwhile stays).
 */
async function refreshHead(queryClient: QueryClient, channelId: string): Promise<void> {
  const head = await getMessagesPage(channelId, { kind: 'latest' });
  queryClient.setQueryData<MessagesData>(messagesKey(channelId), (current) =>
    applyHeadRefresh(current, head.messages),
  );
}

/**
 * A channel shown again from the cache: its newest page and its threads are brought up to
 * date with what happened while it was off screen (reactions: docs/realtime.md,
 * "Reactions"). A channel without a cached history fetches it whole anyway.
 */
export function refreshShownChannel(queryClient: QueryClient, channelId: string): void {
  const data = messagesQuery(queryClient, channelId)?.state.data;
  if (data && isAtHead(data)) {
    refreshHead(queryClient, channelId).catch(() => {
      // Offline: the next ready reconciles every cached channel.
    });
  }
  // Its cached threads refetch when next opened (the panel opens closed with the channel).
  void queryClient.invalidateQueries({
    predicate: (query) =>
      query.queryKey[0] === '/api/messages' &&
      query.queryKey[2] === 'thread' &&
      (query.state.data as ThreadData | undefined)?.parent?.channelId === channelId,
  });
}

/**
 * After `ready` or `resync`: for every channel whose history is cached (or its first page on
 * its way) and loaded up to the newest message, fetch everything after the last seq seen and
 * merge it (no gap, no double).
 */
export async function catchUpCachedChannels(queryClient: QueryClient): Promise<void> {
  const cached = queryClient.getQueryCache().findAll({ queryKey: ['/api/channels'] });
  const jobs = cached.map(async (query) => {
    const [, channelId, kind] = query.queryKey as [string, string?, string?];
    if (!channelId || kind !== 'messages' || query.queryKey.length !== 3) return;
    try {
      // A first page still on its way (a channel view asks for it as it opens, maybe before
      // the socket's subscriptions were loaded) is caught up once it lands.
      if (!(await catchUpAfterLastSeen(queryClient, channelId))) return;
      await refreshHead(queryClient, channelId);
    } catch {
      // Gone (removed from the channel) or offline again: the next ready retries.
    }
  });
  await Promise.all(jobs);
  // Threads and typing lines on screen: cheap to refetch whole.
  await queryClient.invalidateQueries({
    predicate: (query) =>
      (query.queryKey[0] === '/api/messages' && query.queryKey[2] === 'thread') ||
      (query.queryKey[0] === '/api/channels' && query.queryKey[2] === 'typing'),
  });
}
