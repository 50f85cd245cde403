import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { UserSearchPage } from '#shared/user-directory';
import type { User } from '#shared/users';
import { apiGet } from '@/lib/api';

/** GET /api/users/search?q=&cursor= — the directory, searched on the server, by pages. */
export const getUserSearchPage = (q: string, cursor?: string): Promise<UserSearchPage> =>
  apiGet<UserSearchPage>(
    `/api/users/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

const SETTLE_MS = 200;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

export interface UserSearch {
  users: User[];
  /** Nothing to show yet (the first page of the first search). */
  pending: boolean;
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => void;
}

/**
 * The pickers' directory (a direct message, an assignee, a friend, a colleague to add): every
 * person, not the first 500 — the server searches `query` (accents and case aside) once typing
 * pauses, and gives the rest page by page. The previous results stay while the next come.
 */
export function useUserSearch(query: string, enabled: boolean): UserSearch {
  const q = useSettled(query.trim());
  const search = useInfiniteQuery({
    queryKey: ['/api/users/search', q] as const,
    queryFn: ({ pageParam }) => getUserSearchPage(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    enabled,
  });
  const users = useMemo(
    () => search.data?.pages.flatMap((page) => page.users) ?? [],
    [search.data],
  );
  return {
    users,
    pending: search.isPending,
    hasMore: search.hasNextPage,
    loadingMore: search.isFetchingNextPage,
    loadMore: () => void search.fetchNextPage(),
  };
}
