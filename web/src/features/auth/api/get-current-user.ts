import { queryOptions, useQuery } from '@tanstack/react-query';
import { takeCurrentUser } from './fetch-current-user';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** docs/product.md §4: fetched once, never retried. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: takeCurrentUser,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    meta: { allow401: true },
  });

export function useCurrentUser() {
  const query = useQuery(currentUserQueryOptions());
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    isAuthenticated: Boolean(query.data),
  };
}
