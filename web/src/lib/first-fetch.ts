import type { Query, QueryClient } from '@tanstack/react-query';

type Update = (data: unknown) => unknown;

const queued = new WeakMap<Query, Update[]>();
const watched = new WeakSet<QueryClient>();

/** A query with no data yet and its first request in flight. */
export function isFirstFetch(query: Query | undefined): query is Query {
  return (
    query !== undefined && query.state.data === undefined && query.state.fetchStatus === 'fetching'
  );
}

function watch(queryClient: QueryClient) {
  if (watched.has(queryClient)) return;
  watched.add(queryClient);
  queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    const updates = queued.get(event.query);
    if (!updates) return;
    if (event.action.type === 'success' && event.query.state.data !== undefined) {
      queued.delete(event.query);
      queryClient.setQueryData(event.query.queryKey, (data: unknown) =>
        updates.reduce((current, update) => update(current), data),
      );
    } else if (event.action.type === 'error') {
      // A later fetch starts after the change, so its answer holds it.
      queued.delete(event.query);
    }
  });
}

/**
 * A change (a live event, one's own send) that reaches a query still on its first fetch:
 * that answer may have been read before the change, and patching no data does nothing. So the
 * change waits and is applied to the answer when it comes, in order with any others.
 * `update` must give the same result on an answer that already holds the change (a message
 * merged by id, a message replaced whole). Restarting the fetch instead, as before, kept a
 * channel opened during a burst of messages from ever loading: every message restarted it
 * (a phone e2e fetched the same page 52 times in 1 s).
 */
export function patchAfterFirstFetch(
  queryClient: QueryClient,
  query: Query,
  update: (data: unknown) => unknown,
): void {
  watch(queryClient);
  const updates = queued.get(query);
  if (updates) updates.push(update);
  else queued.set(query, [update]);
}
