import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { setUnreadCount, UNREAD_COUNT_KEY } from './get-unread-count';

/** A count fetch the test answers by hand, as the server would have at that moment. */
function server() {
  const pending: ((count: number) => void)[] = [];
  return {
    pending,
    queryFn: () =>
      new Promise<{ count: number }>((resolve) => pending.push((count) => resolve({ count }))),
  };
}

describe('the badge count an event sets', () => {
  it('is not overwritten by a fetch answered before the event, still in flight', async () => {
    const client = new QueryClient();
    const api = server();
    // The bell's badge, mounted: its fetch goes out.
    const badge = new QueryObserver(client, { queryKey: UNREAD_COUNT_KEY, queryFn: api.queryFn });
    const unsubscribe = badge.subscribe(() => undefined);
    expect(api.pending).toHaveLength(1);
    // The socket's new_notification says 1 while the fetch (answered 0, before the item) is out.
    setUnreadCount(client, 1);
    expect(client.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 1 });
    api.pending[0]?.(0);
    // The stale answer was dropped; the count is read again and the server now says 1.
    await expect.poll(() => api.pending.length).toBe(2);
    api.pending[1]?.(1);
    await expect.poll(() => client.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 1 });
    expect(client.isFetching({ queryKey: UNREAD_COUNT_KEY })).toBe(0);
    unsubscribe();
  });

  it('sets the count without a request when none is in flight', () => {
    const client = new QueryClient();
    const api = server();
    client.setQueryDefaults(UNREAD_COUNT_KEY, { queryFn: api.queryFn });
    setUnreadCount(client, 3);
    expect(client.getQueryData(UNREAD_COUNT_KEY)).toEqual({ count: 3 });
    expect(api.pending).toHaveLength(0);
  });
});
