import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LiveQueryClient } from './live-query-client';

/** The server's count, and a first answer held until the test lets it go. */
function server() {
  let count = 0;
  let release: () => void = () => undefined;
  let calls = 0;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    change: () => {
      count += 1;
    },
    release: () => release(),
    get calls() {
      return calls;
    },
    // The first request reads the count at once, and answers later.
    queryFn: async () => {
      calls += 1;
      const read = count;
      if (calls === 1) await held;
      return read;
    },
  };
}

async function watch(client: QueryClient, queryFn: () => Promise<number>) {
  const observer = new QueryObserver(client, { queryKey: ['unread'], queryFn });
  const seen: (number | undefined)[] = [];
  const stop = observer.subscribe((result) => seen.push(result.data));
  return { observer, seen, stop };
}

describe('LiveQueryClient', () => {
  it('fetches again a query invalidated while its first answer, read before the change, was on its way', async () => {
    const api = server();
    const client = new LiveQueryClient();
    const { observer, stop } = await watch(client, api.queryFn);
    await Promise.resolve();
    api.change(); // the first request has read 0 already
    // Its promise is the first fetch's, held: not awaited here.
    void client.invalidateQueries({ queryKey: ['unread'] });
    api.release();
    await expect.poll(() => observer.getCurrentResult().data).toBe(1);
    expect(api.calls).toBe(2);
    stop();
  });

  it('is what TanStack Query does on its own, without it: the change is lost', async () => {
    const api = server();
    const client = new QueryClient();
    const { observer, stop } = await watch(client, api.queryFn);
    await Promise.resolve();
    api.change();
    void client.invalidateQueries({ queryKey: ['unread'] });
    api.release();
    await expect.poll(() => observer.getCurrentResult().data).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(observer.getCurrentResult().data).toBe(0);
    expect(api.calls).toBe(1);
    stop();
  });

  it('leaves a query that has data to TanStack Query (a running refetch is cancelled and made again)', async () => {
    let count = 0;
    let calls = 0;
    const client = new LiveQueryClient();
    const queryFn = async () => {
      calls += 1;
      return count;
    };
    const { observer, stop } = await watch(client, queryFn);
    await expect.poll(() => observer.getCurrentResult().data).toBe(0);
    count = 1;
    await client.invalidateQueries({ queryKey: ['unread'] });
    expect(observer.getCurrentResult().data).toBe(1);
    expect(calls).toBe(2);
    stop();
  });
});
