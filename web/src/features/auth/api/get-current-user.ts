import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '#shared/users';
import { apiGetOrNullOn401 } from '@/lib/api';

export const CURRENT_USER_KEY = ['/api/auth/user'] as const;

/** The signed-in user, or null when signed out (401 means "no session", not an error). */
export const getCurrentUser = (): Promise<User | null> => apiGetOrNullOn401<User>('/api/auth/user');

/** SPEC §4: fetched once, never retried. */
export const currentUserQueryOptions = () =>
  queryOptions({
    queryKey: CURRENT_USER_KEY,
    queryFn: getCurrentUser,
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
