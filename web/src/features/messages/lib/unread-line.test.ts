import { describe, expect, it } from 'vitest';
import { buildTestMessage } from './test-message';
import { firstUnreadMessageId } from './unread-line';

/** Minute `minute` of a fixed morning, as the server writes times. */
const time = (minute: number) => new Date(Date.UTC(2026, 0, 5, 9, minute)).toISOString();

const buildMessage = (seq: number, userId: string, minute: number) =>
  buildTestMessage(seq, { userId, at: time(minute) });

// Bob reads at minute 10; then he writes at 11 (from another device), Alice at 12 and 13.
const history = [
  buildMessage(1, 'alice', 1),
  buildMessage(2, 'bob', 5),
  buildMessage(3, 'bob', 11),
  buildMessage(4, 'alice', 12),
  buildMessage(5, 'alice', 13),
];
const readAt10 = { lastReadAt: time(10), lastSeq: 5 };

describe('firstUnreadMessageId', () => {
  it("is the first message by someone else after the read position, skipping one's own", () => {
    expect(firstUnreadMessageId(history, readAt10, 'bob', false)).toBe('m4');
  });

  it('is the very first message when everything loaded is unread and nothing is older', () => {
    expect(firstUnreadMessageId(history, { lastReadAt: time(0), lastSeq: 5 }, 'bob', false)).toBe(
      'm1',
    );
  });

  it('waits for the older page when the first loaded message is already unread', () => {
    expect(
      firstUnreadMessageId(history, { lastReadAt: time(0), lastSeq: 5 }, 'bob', true),
    ).toBeNull();
    // Older pages exist, but a read message is loaded above the first unread one: known.
    expect(firstUnreadMessageId(history, readAt10, 'bob', true)).toBe('m4');
  });

  it('ignores messages that came during the visit (seq above the one at opening)', () => {
    const readAt12 = { lastReadAt: time(12), lastSeq: 4 };
    expect(firstUnreadMessageId(history, readAt12, 'bob', false)).toBeNull();
    expect(firstUnreadMessageId(history, { ...readAt10, lastSeq: 4 }, 'bob', false)).toBe('m4');
  });

  it('is null with no read position (nothing was unread at opening)', () => {
    expect(firstUnreadMessageId(history, null, 'bob', false)).toBeNull();
  });

  it('counts everything by others as new in a channel never read', () => {
    const never = { lastReadAt: null, lastSeq: 5 };
    expect(firstUnreadMessageId(history, never, 'alice', false)).toBe('m2');
    expect(firstUnreadMessageId(history, never, 'alice', true)).toBe('m2');
    expect(firstUnreadMessageId(history, never, 'bob', true)).toBeNull();
  });

  it('is null when every later message is the user’s own, and for an empty list', () => {
    expect(firstUnreadMessageId(history, { lastReadAt: time(10), lastSeq: 3 }, 'bob', false)).toBe(
      null,
    );
    expect(firstUnreadMessageId([], readAt10, 'bob', false)).toBeNull();
  });
});
