import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * setQueryData, except when the query is still on its first fetch: that answer may predate
 * the change, and patching `undefined` does nothing — so the fetch is restarted instead.
 */
export function patchQuery<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T | undefined) => T | undefined,
): void {
  const state = queryClient.getQueryState(queryKey);
  if (state && state.data === undefined && state.fetchStatus === 'fetching') {
    void queryClient.invalidateQueries({ queryKey, exact: true });
    return;
  }
  queryClient.setQueryData<T>(queryKey, update);
}
