import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** What a paged card list says in each state, from the catalogue (already translated). */
export interface PagedCardListTexts {
  loading: string;
  loadError: string;
  empty: string;
  listLabel: string;
  more: string;
}

interface PagedQuery {
  isPending: boolean;
  isError: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * A full-page list of cards paged by an infinite query (« Fils de discussion »,
 * « Enregistrés »): skeletons while the first page loads, the error or the empty text, the
 * cards, and « more » while pages remain.
 */
export function PagedCardList<T>({
  query,
  items,
  texts,
  renderItem,
  skeletonClassName,
}: {
  query: PagedQuery;
  items: readonly T[];
  texts: PagedCardListTexts;
  renderItem: (item: T) => ReactNode;
  skeletonClassName: string;
}) {
  return (
    <>
      {query.isPending ? (
        <div role="status" aria-busy="true" aria-label={texts.loading} className="grid gap-3">
          <Skeleton className={skeletonClassName} />
          <Skeleton className={skeletonClassName} />
        </div>
      ) : query.isError ? (
        <p className="text-muted-foreground text-sm">{texts.loadError}</p>
      ) : items.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground text-sm">
          {texts.empty}
        </p>
      ) : (
        <ul aria-label={texts.listLabel} className="grid gap-3">
          {items.map(renderItem)}
        </ul>
      )}
      {query.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {texts.more}
        </Button>
      ) : null}
    </>
  );
}
