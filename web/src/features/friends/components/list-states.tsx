import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';

/** Loading rows, a failure with a retry, an empty state, or the list itself. */
export function ListStates<T>({
  query,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  empty: ReactNode;
  children: (items: T[]) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label={t('friends.loading')} className="grid gap-2">
        {[0, 1, 2].map((row) => (
          <div key={row} className="flex items-center gap-3 rounded-xl border p-3">
            <Skeleton className="size-10 rounded-full" />
            <div className="grid flex-1 gap-1.5">
              <Skeleton className="h-3.5 w-1/3" />
              <Skeleton className="h-3 w-1/4" />
            </div>
          </div>
        ))}
      </div>
    );
  }
  if (query.isError) {
    return (
      <div role="alert" className="grid justify-items-center gap-3 rounded-xl border p-8 text-sm">
        <p className="text-muted-foreground">{t('friends.loadError')}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('friends.retry')}
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 rounded-xl border border-dashed p-10 text-center text-sm">
        {empty}
      </div>
    );
  }
  return <ul className="grid gap-2">{children(query.data)}</ul>;
}

/** One row: the person on the left, the actions on the right (below on a phone). */
export function PersonRow({ person, actions }: { person: ReactNode; actions: ReactNode }) {
  return (
    <li className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border bg-card/40 p-3">
      <div className="flex min-w-0 flex-1 basis-56 items-center gap-3">{person}</div>
      <div className="ml-auto flex shrink-0 items-center gap-2">{actions}</div>
    </li>
  );
}
