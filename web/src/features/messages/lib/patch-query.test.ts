import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { patchQuery } from './patch-query';

/** A query on ['k'] whose answers the test releases one by one. */
function heldQuery(answers: string[][]) {
  const queryClient = new QueryClient();
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
  return { queryClient, releases, seen, unsubscribe };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
const add = (item: string) => (data: string[] | undefined) =>
  data && (data.includes(item) ? data : [...data, item]);

describe('patchQuery', () => {
  it('patches data already there', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<string[]>(['k'], ['a']);
    patchQuery<string[]>(queryClient, ['k'], (data) => data && [...data, 'b']);
    expect(queryClient.getQueryData(['k'])).toEqual(['a', 'b']);
  });

  it('applies a change that lands during the first fetch to its answer, read before it', async () => {
    const { queryClient, releases, seen, unsubscribe } = heldQuery([['avant']]);
    await Promise.resolve();
    expect(releases).toHaveLength(1);

    patchQuery<string[]>(queryClient, ['k'], add('après'));
    releases[0]?.(); // the stale answer arrives after the change
    await tick();
    expect(queryClient.getQueryData(['k'])).toEqual(['avant', 'après']);
    expect(seen.filter(Boolean).at(-1)).toEqual(['avant', 'après']);
    unsubscribe();
  });

  it('a burst of changes during the first fetch does not restart it; each is applied once', async () => {
    // The answer was read after the first two changes.
    const { queryClient, releases, unsubscribe } = heldQuery([['a', 'm1', 'm2']]);
    await Promise.resolve();
    for (let n = 1; n <= 30; n++) patchQuery<string[]>(queryClient, ['k'], add(`m${n}`));
    releases[0]?.();
    await tick();
    expect(releases).toHaveLength(1);
    const data = queryClient.getQueryData<string[]>(['k']);
    expect(data).toHaveLength(31);
    expect(data?.slice(0, 4)).toEqual(['a', 'm1', 'm2', 'm3']);
    unsubscribe();
  });

  it('with `restart`, a change during the first fetch fetches again', async () => {
    const { queryClient, releases, unsubscribe } = heldQuery([['a', 'b'], ['a']]);
    await Promise.resolve();
    patchQuery<string[]>(queryClient, ['k'], (data) => data?.filter((x) => x !== 'b'), {
      restart: true,
    });
    releases[0]?.();
    await tick();
    releases[1]?.();
    await tick();
    expect(releases).toHaveLength(2);
    expect(queryClient.getQueryData(['k'])).toEqual(['a']);
    unsubscribe();
  });
});
