import '@/lib/i18n';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, use, useState } from 'react';
import type { User } from '#shared/users';
import { OverloadBanner } from '@/components/overload-banner';
import { TooltipProvider } from '@/components/ui/tooltip';
import { CURRENT_USER_KEY } from '@/features/auth';
import { queryClient } from '@/lib/query-client';
import { Router } from './router';

/**
 * The toasts' region loads after the first render, beside it: nothing on the first screen
 * needs it, and a toast asked for meanwhile waits in its store (components/ui/use-toast.ts)
 * until it shows.
 */
const Toaster = lazy(() =>
  import('@/components/ui/toaster').then((module) => ({ default: module.Toaster })),
);

let cacheOpened: Promise<void> | null = null;

/**
 * The user, then what this browser kept of their queries (app/offline-cache.ts, a chunk of its
 * own, out of the channel view's first-load budget), once per page load: every render of the
 * app suspends on the same promise.
 */
function offlineCacheOpened(initialUser?: User): Promise<void> {
  cacheOpened ??= import('./offline-cache')
    .then((module) => module.openOfflineCache(queryClient, initialUser))
    .catch(() => {
      // Not loaded, or the store failed: the app starts as without a cache.
    });
  return cacheOpened;
}

/** The app: query cache, tooltips, toasts and the route table. `initialUser`: known already. */
export function App({ initialUser }: { initialUser?: User }) {
  // Seeded once, before the first render, so that the router does not ask again.
  useState(() => {
    if (initialUser) queryClient.setQueryData(CURRENT_USER_KEY, initialUser);
  });
  // The boot's loader shows meanwhile.
  use(offlineCacheOpened(initialUser));
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <OverloadBanner />
        <Router />
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
