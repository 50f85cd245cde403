import { describe, expect, it } from 'vitest';
import type { TypingUser } from '#shared/messages';
import { TypingBoard } from './board';

const user = (userId: string): TypingUser => ({
  userId,
  firstName: userId,
  lastName: null,
  displayName: null,
  email: null,
});

describe('the typing board', () => {
  it('lists fresh flags, oldest update first, without the viewer', () => {
    let now = 1_000;
    const board = new TypingBoard(5000, () => now);
    board.set('c1', user('alice'), true);
    now += 1000;
    board.set('c1', user('bob'), true);
    board.set('c2', user('carol'), true);
    now += 1000;
    board.set('c1', user('alice'), true);
    expect(board.list('c1', 'dave').map((u) => u.userId)).toEqual(['bob', 'alice']);
    expect(board.list('c1', 'bob').map((u) => u.userId)).toEqual(['alice']);
    board.set('c1', user('alice'), false);
    expect(board.list('c1', 'dave').map((u) => u.userId)).toEqual(['bob']);
    now += 4000;
    // Bob's flag is 5 s old: stale, like the SQL's `updated_at > now() - 5 s` was.
    expect(board.list('c1', 'dave')).toEqual([]);
  });

  it('stays bounded: flags past their TTL are swept as new ones come', () => {
    let now = 0;
    const board = new TypingBoard(5000, () => now);
    for (let i = 0; i < 10_000; i++) board.set(`c${i % 100}`, user(`u${i}`), true);
    expect(board.size).toBe(10_000);
    now += 5000;
    board.set('c1', user('late'), true);
    expect(board.size).toBe(1);
    board.clear('c1', 'late');
    expect(board.size).toBe(0);
  });
});
