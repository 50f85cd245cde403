import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * setQueryData, except when the query is still on its first fetch: that answer may predate
 * the change, and patching `undefined` does nothing — so the fetch is restarted instead.
 * Reset, not invalidated: TanStack Query does not cancel a first fetch on invalidation (it
 * joins it), and the stale answer would stand. The faster socket acknowledgement made that
 * race common: a reply sent just as its thread opened vanished from the panel.
 */
export function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
): void {
  const state = queryClient.getQueryState(queryKey);
  if (state && state.data === undefined && state.fetchStatus === 'fetching') {
    void queryClient.resetQueries({ queryKey, exact: true });
    return;
  }
  queryClient.setQueryData<T>(queryKey, update);
}
