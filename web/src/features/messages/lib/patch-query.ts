import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { isFirstFetch, patchAfterFirstFetch } from '@/lib/first-fetch';

/**
 * setQueryData, except when the query is still on its first fetch (see patchAfterFirstFetch):
 * `update` then waits for the answer and is applied to it. It must give the same result on an
 * answer that already holds the change. `restart` is for the one change that cannot (a
 * deletion lowers its parent's reply count): that fetch is reset instead — TanStack Query
 * joins, not cancels, a first fetch on invalidation, so the stale answer would stand.
 */
export function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
  { restart = false } = {},
): void {
  const query = queryClient.getQueryCache().find({ queryKey, exact: true });
  if (isFirstFetch(query)) {
    if (restart) void queryClient.resetQueries({ queryKey, exact: true });
    else patchAfterFirstFetch(queryClient, query, update as (data: unknown) => unknown);
    return;
  }
  queryClient.setQueryData<T>(queryKey, update);
}
