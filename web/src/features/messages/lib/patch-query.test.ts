import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchQuery } from './patch-query';

describe('patchQuery', () => {
  it('patches data already there', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<string[]>(['k'], ['a']);
    patchQuery<string[]>(queryClient, ['k'], (data) => data && [...data, 'b']);
    expect(queryClient.getQueryData(['k'])).toEqual(['a', 'b']);
  });

  it('fetches again when a change lands during the first fetch, whose answer may predate it', async () => {
    const queryClient = new QueryClient();
    // The server's answers: the first one was read before the change, the next one after.
    const answers = [['avant'], ['avant', 'après']];
    const releases: Array<() => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['k'],
      queryFn: () =>
        new Promise<string[]>((resolve) => {
          const answer = answers.shift() ?? [];
          releases.push(() => resolve(answer));
        }),
    });
    const seen: Array<string[] | undefined> = [];
    const unsubscribe = observer.subscribe((result) => seen.push(result.data));
    await Promise.resolve();
    expect(releases).toHaveLength(1);

    patchQuery<string[]>(queryClient, ['k'], (data) => data && [...data, 'après']);
    releases[0]?.(); // the stale answer arrives after the change
    await new Promise((resolve) => setTimeout(resolve, 0));
    releases[1]?.();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queryClient.getQueryData(['k'])).toEqual(['avant', 'après']);
    expect(seen.filter(Boolean).at(-1)).toEqual(['avant', 'après']);
    unsubscribe();
  });
});
