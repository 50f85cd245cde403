import { describe, expect, it } from 'vitest';
import { CallBook, type CallRecord, ENDED_KEPT_MS } from './book';

const person = (userId: string) => ({
  userId,
  displayName: userId,
  firstName: userId,
  lastName: '',
  email: `${userId}@ruche.test`,
});

const call = (callId: string): CallRecord => ({
  callId,
  channelId: 'dm',
  caller: person('alice'),
  callee: person('bob'),
  callerTabId: 'tab-a',
  calleeTabId: 'tab-b',
  offer: { type: 'offer', sdp: 'v=0\r\n' },
  state: 'active',
  ringAt: 0,
  acceptedAt: 0,
  homeNode: 'node-1',
});

describe('CallBook (docs/calls.md, "State")', () => {
  it('a ring shared again for a new node that arrives after the call ended does not bring it back', () => {
    let now = 1_000;
    const book = new CallBook(() => now);
    book.apply({ op: 'ring', call: call('c1') });
    book.apply({ op: 'end', callId: 'c1' });
    // Another node's answer to a `hello`, sent before the end, delivered after it.
    book.apply({ op: 'ring', call: call('c1') });
    expect(book.get('c1')).toBeUndefined();
    expect(book.callOf('bob')).toBeUndefined();

    // Another call between the same two people is rung as usual.
    book.apply({ op: 'ring', call: call('c2') });
    expect(book.callOf('bob')?.callId).toBe('c2');
    book.apply({ op: 'end', callId: 'c2' });

    // Ends are remembered ENDED_KEPT_MS, then forgotten at the next end.
    now += ENDED_KEPT_MS + 1;
    book.apply({ op: 'end', callId: 'c3' });
    book.apply({ op: 'ring', call: call('c1') });
    expect(book.get('c1')?.callId).toBe('c1');
  });
});
