import { describe, expect, it } from 'vitest';
import type { Message } from '#shared/messages';
import {
  applyCatchUp,
  applyDeletion,
  applyHeadRefresh,
  applyNewMessage,
  applyThreadMessage,
  applyUpdatedMessage,
  flattenMessages,
  lastSeenSeq,
  type MessagesData,
  type MessagesPage,
  toggleReaction,
} from './message-cache';
import { buildTestMessage } from './test-message';

const buildMessage = (seq: number, overrides: Partial<Message> = {}) =>
  buildTestMessage(seq, {
    userId: 'u1',
    clientId: `client-${seq}`,
    at: new Date(Date.UTC(2026, 0, 1, 12, 0, seq)).toISOString(),
    ...overrides,
  });

const page = (seqs: number[], extra: Partial<MessagesPage> = {}): MessagesPage => ({
  messages: seqs.map((seq) => buildMessage(seq)),
  olderCursor: null,
  newerCursor: null,
  atHead: true,
  ...extra,
});

const data = (...pages: MessagesPage[]): MessagesData => ({
  pages,
  pageParams: pages.map(() => ({ kind: 'latest' as const })),
});

const seqsOf = (d: MessagesData | undefined) => flattenMessages(d).map((m) => m.seq);

describe('applyNewMessage', () => {
  it('appends to the newest page in seq order', () => {
    const next = applyNewMessage(data(page([1, 2]), page([3, 4])), buildMessage(5));
    expect(seqsOf(next)).toEqual([1, 2, 3, 4, 5]);
    expect(next?.pages[0]?.messages).toHaveLength(2);
  });

  it('keeps one copy when the same event comes twice', () => {
    const once = applyNewMessage(data(page([1])), buildMessage(2));
    const twice = applyNewMessage(once, buildMessage(2, { content: 'again' }));
    expect(seqsOf(twice)).toEqual([1, 2]);
    expect(flattenMessages(twice)[1]?.content).toBe('again');
  });

  it('puts a late event with a lower seq in its place', () => {
    const next = applyNewMessage(data(page([1, 3])), buildMessage(2));
    expect(seqsOf(next)).toEqual([1, 2, 3]);
  });

  it('ignores live messages while the newest page is not loaded (permalink window)', () => {
    const window = data(page([10, 11], { atHead: false, newerCursor: '11' }));
    expect(applyNewMessage(window, buildMessage(50))).toBe(window);
  });

  it('bumps the parent of a reply once, not the list', () => {
    const start = data(page([1]));
    const reply = buildMessage(2, { parentMessageId: 'm1' });
    const once = applyNewMessage(start, reply);
    const twice = applyNewMessage(once, reply);
    expect(seqsOf(twice)).toEqual([1]);
    expect(flattenMessages(twice)[0]?.replyCount).toBe(1);
    expect(flattenMessages(twice)[0]?.lastReplyAt).toBe(reply.createdAt);
  });

  it('leaves an unloaded cache alone', () => {
    expect(applyNewMessage(undefined, buildMessage(1))).toBeUndefined();
  });
});

describe('applyCatchUp', () => {
  it('fills the gap after the last seen seq, without duplicates', () => {
    // Live events delivered 5 and 7; the socket missed 4 and 6 while it was down.
    const start = data(page([1, 2, 3, 5, 7]));
    const missed = [7, 6, 5, 4, 8].map((seq) => buildMessage(seq));
    const next = applyCatchUp(start, missed);
    expect(seqsOf(next)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(lastSeenSeq(next)).toBe(8);
  });

  it('is idempotent', () => {
    const missed = [4, 5].map((seq) => buildMessage(seq));
    const once = applyCatchUp(data(page([1, 2, 3])), missed);
    expect(seqsOf(applyCatchUp(once, missed))).toEqual([1, 2, 3, 4, 5]);
  });

  it('applies edits it carries and counts replies on their parents', () => {
    const next = applyCatchUp(data(page([1, 2])), [
      buildMessage(2, { content: 'edited', edited: true }),
      buildMessage(3, { parentMessageId: 'm1' }),
      buildMessage(4, { parentMessageId: 'm1' }),
    ]);
    const [first, second] = flattenMessages(next);
    expect(seqsOf(next)).toEqual([1, 2]);
    expect(first?.replyCount).toBe(2);
    expect(second?.content).toBe('edited');
  });

  it('does not mix sequence duplicates under different ids', () => {
    const next = applyCatchUp(data(page([1, 2])), [buildMessage(2, { id: 'other' })]);
    expect(seqsOf(next)).toEqual([1, 2]);
  });

  it('changes nothing when nothing was missed', () => {
    const start = data(page([1]));
    expect(applyCatchUp(start, [])).toBe(start);
  });
});

describe('applyDeletion', () => {
  it('removes the message from whichever page holds it', () => {
    const next = applyDeletion(data(page([1, 2]), page([3])), 'm2');
    expect(seqsOf(next)).toEqual([1, 3]);
  });

  it('decrements the parent of a deleted reply', () => {
    const start = data({ ...page([]), messages: [buildMessage(1, { replyCount: 2 })] });
    const next = applyDeletion(start, 'reply', 'm1');
    expect(flattenMessages(next)[0]?.replyCount).toBe(1);
  });

  it('is a no-op for an unknown id', () => {
    const start = data(page([1]));
    expect(applyDeletion(start, 'nope')).toBe(start);
  });
});

describe('applyUpdatedMessage', () => {
  it('replaces the copy in place', () => {
    const next = applyUpdatedMessage(data(page([1, 2])), buildMessage(1, { edited: true }));
    expect(flattenMessages(next)[0]?.edited).toBe(true);
  });
});

describe('applyThreadMessage', () => {
  it('adds a reply once and bumps the parent once', () => {
    const thread = { parent: buildMessage(1), replies: [] };
    const reply = buildMessage(2, { parentMessageId: 'm1' });
    const next = applyThreadMessage(applyThreadMessage(thread, reply), reply);
    expect(next?.replies.map((m) => m.id)).toEqual(['m2']);
    expect(next?.parent?.replyCount).toBe(1);
  });
});

describe('toggleReaction', () => {
  it('adds, groups and removes', () => {
    const added = toggleReaction([], '👍', 'a');
    const grouped = toggleReaction(added, '👍', 'b');
    expect(grouped).toEqual([{ emoji: '👍', count: 2, userIds: ['a', 'b'] }]);
    expect(toggleReaction(toggleReaction(grouped, '👍', 'a'), '👍', 'b')).toEqual([]);
  });
});

describe('applyHeadRefresh', () => {
  it('takes edits and deletions made while away from a fresh newest page', () => {
    const cached = data(page([1, 2]), page([3, 4, 5, 6]));
    // Server now: 4 was deleted, 5 was edited; 7 arrived live after the fetch left.
    const withLive = applyNewMessage(cached, buildMessage(7));
    const fresh = [
      buildMessage(3),
      buildMessage(5, { content: 'corrigé', edited: true }),
      buildMessage(6),
    ];
    const next = applyHeadRefresh(withLive, fresh);
    expect(seqsOf(next)).toEqual([1, 2, 3, 5, 6, 7]);
    expect(flattenMessages(next).find((m) => m.seq === 5)?.content).toBe('corrigé');
  });

  it('leaves a permalink window (not at the head) alone', () => {
    const window = data(page([10, 11, 12], { atHead: false }));
    expect(applyHeadRefresh(window, [buildMessage(40)])).toBe(window);
  });
});
