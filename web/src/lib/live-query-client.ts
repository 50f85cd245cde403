import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * The app's QueryClient: an invalidation is never lost to a first fetch (docs/realtime.md,
 * "Connection"). TanStack Query, asked to invalidate a query whose first fetch is still on
 * its way, keeps that fetch (it cancels and starts again only a query that has data), and its
 * answer may have been read before the change the invalidation is about: the live event that
 * said « a reply in your thread » came while the sidebar's first count was on its way, and the
 * badge stayed empty (threads.spec, 2026-12-06). Such a query is invalidated again once its
 * first answer is in.
 */
export class LiveQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    for (const query of this.getQueryCache().findAll(filters)) {
      if (query.state.data !== undefined || query.state.fetchStatus !== 'fetching') continue;
      // The app never asks for another `refetchType`: the active ones refetch.
      const again = () => super.invalidateQueries({ queryKey: query.queryKey, exact: true });
      void query.promise?.then(again, again);
    }
    return super.invalidateQueries(filters, options);
  }
}
