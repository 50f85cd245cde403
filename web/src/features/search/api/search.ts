import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '#shared/search';
import { apiGet } from '@/lib/api';

export const searchKey = (q: string) => ['/api/search', q] as const;

/** GET /api/search?q=&cursor= — newest first, a page at a time. */
export const getSearchPage = (q: string, cursor?: string): Promise<SearchPage> =>
  apiGet<SearchPage>(
    `/api/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
  );

export const searchQueryOptions = (q: string) =>
  infiniteQueryOptions({
    queryKey: searchKey(q),
    queryFn: ({ pageParam }) => getSearchPage(q, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
    retry: false,
  });

/** Results for `q`; nothing is asked while `enabled` is false (fewer than 3 characters). */
export const useSearch = (q: string, enabled: boolean) =>
  useInfiniteQuery({ ...searchQueryOptions(q), enabled });
