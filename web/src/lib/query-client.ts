import { MutationCache, QueryCache, type QueryFunction } from '@tanstack/react-query';
import { UNAUTHORIZED_REDIRECT_MS } from '#shared/limits';
import { toast } from '@/components/ui/use-toast';
import { apiGet, currentPath, goToLogin, isUnauthorized } from './api';
import i18n from './i18n';
import { LiveQueryClient } from './live-query-client';

/** docs/product.md §7: the default query GETs the path formed by joining its key segments with "/". */
const defaultQueryFn: QueryFunction = ({ queryKey }) =>
  apiGet(queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/'));

let redirecting = false;
/** docs/product.md §6: a 401 on a protected call sends the user to /api/login. */
function redirectOn401(error: unknown): void {
  if (!isUnauthorized(error) || redirecting) return;
  redirecting = true;
  // The session is over: nothing of the account stays on this browser (lib/query-persist.ts).
  void import('./query-persist').then((module) => module.forgetOfflineData());
  // Back to this page once signed in again.
  setTimeout(() => goToLogin(currentPath()), UNAUTHORIZED_REDIRECT_MS);
}

export const queryClient = new LiveQueryClient({
  queryCache: new QueryCache({
    onError: (error, query) => {
      // The current-user query's 401 means "signed out", not "send me to the sign-in page".
      if (query.meta?.allow401) return;
      redirectOn401(error);
    },
  }),
  mutationCache: new MutationCache({
    onError: (error, _variables, _context, mutation) => {
      // Sign-in answers 401 on a wrong password: the form shows that itself.
      if (mutation.meta?.allow401 || !isUnauthorized(error)) return;
      // docs/product.md §8: a destructive toast, then the sign-in page after 500 ms.
      if (!redirecting) {
        toast({
          variant: 'destructive',
          title: i18n.t('toast.unauthorized.title'),
          description: i18n.t('toast.unauthorized.description'),
        });
      }
      redirectOn401(error);
    },
  }),
  defaultOptions: {
    // docs/product.md §7: no retry, no refetch on focus or by interval, never stale.
    queries: {
      queryFn: defaultQueryFn,
      retry: false,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
    mutations: { retry: false },
  },
});
