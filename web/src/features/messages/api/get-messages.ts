import { infiniteQueryOptions, type QueryClient, useInfiniteQuery } from '@tanstack/react-query';
import type { Message, MessagePage } from '#shared/messages';
import { apiGet } from '@/lib/api';
import { holdsMessages } from '@/lib/message-queries';
import {
  bySeq,
  type MessagesData,
  type MessagesPage,
  type MessagesPageParam,
  mapMessages,
} from '../lib/message-cache';

export const messagesKey = (channelId: string) => ['/api/channels', channelId, 'messages'] as const;

function pageQuery(param: MessagesPageParam): string {
  switch (param.kind) {
    case 'latest':
      return '';
    case 'before':
      return `?before=${encodeURIComponent(param.cursor)}`;
    case 'after':
      return `?after=${encodeURIComponent(param.cursor)}`;
    case 'around':
      return `?around=${encodeURIComponent(param.messageId)}`;
    case 'from':
      return `?from=${param.seq}`;
  }
}

/** Thread replies live in their panel, not in the channel's list. */
const topLevel = (messages: readonly Message[]) =>
  messages.filter((message) => !message.parentMessageId).sort(bySeq);

/**
 * GET /api/channels/{id}/messages: newest page (no parameter), older pages (?before=cursor),
 * what follows a page (?after=cursor), a permalink window (?around=messageId) or where
 * reading resumes (?from=lastReadSeq). Pages come
 * oldest → newest; replies are dropped here (they show in their thread).
 */
export async function getMessagesPage(
  channelId: string,
  param: MessagesPageParam,
): Promise<MessagesPage> {
  const page = await apiGet<MessagePage>(
    `/api/channels/${encodeURIComponent(channelId)}/messages${pageQuery(param)}`,
  );
  return {
    messages: topLevel(page.messages),
    olderCursor: param.kind === 'after' ? null : page.nextCursor,
    newerCursor: page.newerCursor ?? null,
    atHead: !page.newerCursor,
  };
}

/**
 * Catch-up after a (re)connect: every message after `seq`, replies included (they bump
 * their parent's reply count), following newerCursor until the newest.
 */
export async function getMessagesAfter(channelId: string, seq: number): Promise<Message[]> {
  const all: Message[] = [];
  let cursor: string | null = String(seq);
  while (cursor !== null) {
    const page: MessagePage = await apiGet<MessagePage>(
      `/api/channels/${encodeURIComponent(channelId)}/messages?after=${encodeURIComponent(cursor)}`,
    );
    all.push(...page.messages);
    cursor = page.messages.length > 0 ? (page.newerCursor ?? null) : null;
  }
  return all.sort(bySeq);
}

export const messagesQueryOptions = (channelId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKey(channelId),
    queryFn: ({ pageParam }) => getMessagesPage(channelId, pageParam),
    // Edits, reactions and deletions reach the loaded history (lib/message-queries).
    meta: holdsMessages<MessagesData>(mapMessages),
    initialPageParam: { kind: 'latest' } as MessagesPageParam,
    // Older history is the "previous" direction: it is prepended as the user scrolls up.
    getPreviousPageParam: (first): MessagesPageParam | undefined =>
      first.olderCursor ? { kind: 'before', cursor: first.olderCursor } : undefined,
    getNextPageParam: (last): MessagesPageParam | undefined =>
      last.newerCursor ? { kind: 'after', cursor: last.newerCursor } : undefined,
  });

export function useMessages(channelId: string) {
  return useInfiniteQuery(messagesQueryOptions(channelId));
}

/**
 * Replaces a channel's cached history with one window (a permalink's ?around=, the unread
 * ?from=). A fetch of the newest page still under way is cancelled first: it would land
 * after the window and replace it. False when `stillWanted` says no once that is done.
 */
export async function openMessagesWindow(
  queryClient: QueryClient,
  channelId: string,
  page: MessagesPage,
  param: MessagesPageParam,
  stillWanted: () => boolean,
): Promise<boolean> {
  await queryClient.cancelQueries({ queryKey: messagesKey(channelId), exact: true });
  if (!stillWanted()) return false;
  queryClient.setQueryData<MessagesData>(messagesKey(channelId), {
    pages: [page],
    pageParams: [param],
  });
  return true;
}

/** A prefetched page counts as fresh this long: hovering back and forth fetches it once. */
const PREFETCH_FRESH_MS = 30_000;

/**
 * Loads a channel's newest page ahead of a likely visit (a hovered or focused sidebar item,
 * an unread channel), with the list's own query options: the visit then opens from the
 * cache at once.
 */
export function prefetchMessages(queryClient: QueryClient, channelId: string): void {
  void queryClient.prefetchInfiniteQuery({
    ...messagesQueryOptions(channelId),
    staleTime: PREFETCH_FRESH_MS,
  });
}
