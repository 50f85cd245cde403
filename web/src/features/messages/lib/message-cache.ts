import type { InfiniteData } from '@tanstack/react-query';
import type { Message, ReactionGroup } from '#shared/messages';

/**
 * The client's copy of a channel's history, as TanStack's infinite-query data: pages run
 * from the oldest (index 0) to the newest, and each page's messages run by ascending `seq`.
 * Thread replies are not part of it: they only bump their parent's reply count.
 *
 * Every function here is pure and idempotent: applying the same event twice, or an event
 * and then the catch-up that contains the same message, leaves one copy (dedupe by id).
 */
export interface MessagesPage {
  messages: Message[];
  /** `before` cursor of the next older page; null once the start of the channel is loaded. */
  olderCursor: string | null;
  /** `after` cursor of what follows this page; null when it ends with the newest message. */
  newerCursor: string | null;
  /** True when nothing newer than this page exists server-side (live events append here). */
  atHead: boolean;
}

export type MessagesPageParam =
  | { kind: 'latest' }
  | { kind: 'before'; cursor: string }
  | { kind: 'after'; cursor: string }
  | { kind: 'around'; messageId: string }
  | { kind: 'from'; seq: number };

export type MessagesData = InfiniteData<MessagesPage>;

export const bySeq = (a: Message, b: Message): number => a.seq - b.seq;

/** Merges `incoming` into an ascending list: the incoming copy wins, one per id and per seq. */
export function mergeMessages(
  existing: readonly Message[],
  incoming: readonly Message[],
): Message[] {
  if (incoming.length === 0) return existing as Message[];
  const byId = new Map<string, Message>();
  for (const message of existing) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  const seqs = new Set<number>();
  const merged: Message[] = [];
  for (const message of [...byId.values()].sort(bySeq)) {
    if (seqs.has(message.seq)) continue;
    seqs.add(message.seq);
    merged.push(message);
  }
  return merged;
}

export function flattenMessages(data: MessagesData | undefined): Message[] {
  if (!data) return [];
  return data.pages.flatMap((page) => page.messages);
}

/** The highest sequence number the cache holds: what a catch-up asks "after". */
export function lastSeenSeq(data: MessagesData | undefined): number | null {
  if (!data) return null;
  let max: number | null = null;
  for (const page of data.pages) {
    const last = page.messages.at(-1);
    if (last && (max === null || last.seq > max)) max = last.seq;
  }
  return max;
}

export function isAtHead(data: MessagesData | undefined): boolean {
  return Boolean(data?.pages.at(-1)?.atHead);
}

export function findMessage(
  data: MessagesData | undefined,
  messageId: string,
): Message | undefined {
  for (const page of data?.pages ?? []) {
    const found = page.messages.find((message) => message.id === messageId);
    if (found) return found;
  }
  return undefined;
}

/** Applies `update` to every loaded message (null drops it); the same data when unchanged. */
export function mapMessages(
  data: MessagesData,
  update: (message: Message) => Message | null,
): MessagesData {
  let changed = false;
  const pages = data.pages.map((page) => {
    let pageChanged = false;
    const messages: Message[] = [];
    for (const message of page.messages) {
      const next = update(message);
      if (next !== message) pageChanged = true;
      if (next) messages.push(next);
    }
    if (!pageChanged) return page;
    changed = true;
    return { ...page, messages };
  });
  return changed ? { ...data, pages } : data;
}

/**
 * A reply bumps its parent once: only a reply newer than the parent's lastReplyAt counts,
 * so a replayed event (or a message_updated of the parent that already counted it) is a no-op.
 */
export function applyReplyToParent(parent: Message, reply: Message): Message {
  if (parent.lastReplyAt && reply.createdAt <= parent.lastReplyAt) return parent;
  return { ...parent, replyCount: parent.replyCount + 1, lastReplyAt: reply.createdAt };
}

/** new_message: appended in seq order when the newest page is loaded; replaced if known. */
export function applyNewMessage(data: MessagesData | undefined, message: Message) {
  if (!data) return data;
  if (message.parentMessageId) {
    const parentId = message.parentMessageId;
    return mapMessages(data, (m) => (m.id === parentId ? applyReplyToParent(m, message) : m));
  }
  if (findMessage(data, message.id)) {
    return mapMessages(data, (m) => (m.id === message.id ? message : m));
  }
  const last = data.pages.at(-1);
  // Not at the head (a permalink window far back): the message is fetched on scrolling down.
  if (!last?.atHead) return data;
  const pages = [...data.pages];
  pages[pages.length - 1] = { ...last, messages: mergeMessages(last.messages, [message]) };
  return { ...data, pages };
}

/**
 * Catch-up after a reconnect: `messages` are everything after the last seen seq, in any
 * order, possibly overlapping what live events already delivered.
 */
/**
 * Reconcile the loaded messages with a fresh copy of the newest page: edits, reactions and
 * deletions made while the socket was away carry no seq, so the seq catch-up cannot bring
 * them. Within the seq range the fresh page covers, its copy wins and what it lacks was
 * deleted; messages outside that range (older, or newer live ones) are left alone.
 */
export function applyHeadRefresh(
  data: MessagesData | undefined,
  fresh: readonly Message[],
): MessagesData | undefined {
  if (!data || fresh.length === 0 || !isAtHead(data)) return data;
  const minSeq = Math.min(...fresh.map((m) => m.seq));
  const maxSeq = Math.max(...fresh.map((m) => m.seq));
  const byId = new Map(fresh.map((m) => [m.id, m]));
  const pages = data.pages.map((page) => ({
    ...page,
    messages: page.messages
      .filter((m) => m.seq < minSeq || m.seq > maxSeq || byId.has(m.id))
      .map((m) => byId.get(m.id) ?? m),
  }));
  return { ...data, pages };
}

export function applyCatchUp(data: MessagesData | undefined, messages: readonly Message[]) {
  if (!data || messages.length === 0) return data;
  const sorted = [...messages].sort(bySeq);
  let next: MessagesData = data;
  const topLevel: Message[] = [];
  for (const message of sorted) {
    if (message.parentMessageId) next = applyNewMessage(next, message) ?? next;
    else if (findMessage(next, message.id)) next = applyUpdatedMessage(next, message) ?? next;
    else topLevel.push(message);
  }
  const last = next.pages.at(-1);
  if (!last?.atHead || topLevel.length === 0) return next;
  const pages = [...next.pages];
  pages[pages.length - 1] = { ...last, messages: mergeMessages(last.messages, topLevel) };
  return { ...next, pages };
}

/** message_updated (edit, reply count): replaces the known copy in place. */
export function applyUpdatedMessage(data: MessagesData | undefined, message: Message) {
  if (!data) return data;
  return mapMessages(data, (m) => (m.id === message.id ? message : m));
}

/** message_deleted: gone from the list; a deleted reply decrements its parent's count. */
export function applyDeletion(
  data: MessagesData | undefined,
  messageId: string,
  parentMessageId: string | null = null,
) {
  if (!data) return data;
  return mapMessages(data, (m) => {
    if (m.id === messageId) return null;
    if (parentMessageId && m.id === parentMessageId) {
      return { ...m, replyCount: Math.max(0, m.replyCount - 1) };
    }
    return m;
  });
}

/** The optimistic side of a reaction click: add or remove `userId` under `emoji`. */
export function toggleReaction(
  reactions: readonly ReactionGroup[],
  emoji: string,
  userId: string,
): ReactionGroup[] {
  const existing = reactions.find((group) => group.emoji === emoji);
  if (!existing) return [...reactions, { emoji, count: 1, userIds: [userId] }];
  if (existing.userIds.includes(userId)) {
    const userIds = existing.userIds.filter((id) => id !== userId);
    return userIds.length === 0
      ? reactions.filter((group) => group !== existing)
      : reactions.map((group) =>
          group === existing ? { ...group, userIds, count: userIds.length } : group,
        );
  }
  const userIds = [...existing.userIds, userId];
  return reactions.map((group) =>
    group === existing ? { ...group, userIds, count: userIds.length } : group,
  );
}

/** A thread panel's data: the parent and its replies by ascending seq. */
export interface ThreadData {
  parent: Message | null;
  replies: Message[];
}

/** A reply (new or edited) lands in its thread; an edit of the parent replaces it. */
export function applyThreadMessage(thread: ThreadData | undefined, message: Message) {
  if (!thread) return thread;
  if (thread.parent && message.id === thread.parent.id) return { ...thread, parent: message };
  if (!thread.parent || message.parentMessageId !== thread.parent.id) return thread;
  const known = thread.replies.some((reply) => reply.id === message.id);
  const replies = mergeMessages(thread.replies, [message]);
  const parent = known ? thread.parent : applyReplyToParent(thread.parent, message);
  return { parent, replies };
}

export function applyThreadDeletion(thread: ThreadData | undefined, messageId: string) {
  if (!thread) return thread;
  if (!thread.replies.some((reply) => reply.id === messageId)) return thread;
  const replies = thread.replies.filter((reply) => reply.id !== messageId);
  const parent = thread.parent && {
    ...thread.parent,
    replyCount: Math.max(0, thread.parent.replyCount - 1),
  };
  return { parent, replies };
}

/** Applies `update` to a thread's parent and replies (null drops one); the same data when unchanged. */
export function mapThreadMessages(
  thread: ThreadData,
  update: (message: Message) => Message | null,
): ThreadData {
  const parent = thread.parent && update(thread.parent);
  let changed = parent !== thread.parent;
  const replies: Message[] = [];
  for (const reply of thread.replies) {
    const next = update(reply);
    if (next !== reply) changed = true;
    if (next) replies.push(next);
  }
  return changed ? { parent, replies } : thread;
}
