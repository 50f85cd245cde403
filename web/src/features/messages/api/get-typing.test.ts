import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { TypingUser } from '#shared/messages';
import { othersTyping, typingKey, typingQueryOptions } from './get-typing';

const person = (userId: string, displayName: string): TypingUser => ({
  userId,
  displayName,
  firstName: null,
  lastName: null,
  email: null,
});
const me = person('me', 'Moi');
const bob = person('bob', 'Bob');
const chloe = person('chloe', 'Chloé');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('othersTyping', () => {
  it('drops the signed-in user and keeps the others in order', () => {
    expect(othersTyping([bob, me, chloe], 'me')).toEqual([bob, chloe]);
    expect(othersTyping([me], 'me')).toEqual([]);
    expect(othersTyping([], 'me')).toEqual([]);
  });
});

describe('the typing query', () => {
  it('never hands the signed-in user to the typing line, from the poll or the cache', async () => {
    // The poll answers with the signed-in user among the typists (typed from another tab,
    // or through POST /api/channels/{id}/typing).
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify([me, bob]), {
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const observer = new QueryObserver(queryClient, typingQueryOptions('c1', 'me'));
    const seen: TypingUser[][] = [];
    const unsubscribe = observer.subscribe((result) => {
      if (result.data) seen.push(result.data);
    });
    await vi.waitFor(() => expect(seen.at(-1)).toEqual([bob]));
    expect(fetch).toHaveBeenCalledWith('/api/channels/c1/typing', expect.anything());

    // A cache write that carries the user (whatever its source) is filtered the same way.
    queryClient.setQueryData<TypingUser[]>(typingKey('c1'), [me, bob, chloe]);
    expect(observer.getCurrentResult().data).toEqual([bob, chloe]);
    queryClient.setQueryData<TypingUser[]>(typingKey('c1'), [me]);
    expect(observer.getCurrentResult().data).toEqual([]);
    unsubscribe();
    queryClient.clear();
  });
});
