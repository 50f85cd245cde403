import { lazy, Suspense, useEffect, useState } from 'react';
import type { User } from '#shared/users';
import { getCurrentUser, prefetchCurrentUser } from '@/features/auth';
import { LandingPage } from '@/features/landing';
import { offlineUser } from '@/lib/offline-marker';
import { FullPageLoader } from './full-page-loader';
import { preloadSignedInScreens } from './preload';

// The app (router, query cache, every screen but the landing page) is a chunk of its own.
const App = lazy(() => import('./app').then((module) => ({ default: module.App })));

// A browser that keeps an account's cache (lib/query-persist.ts) opens the app at / at once:
// the last channel paints from the cache instead of the landing page while the user loads.
const atLanding = () => window.location.pathname === '/' && !offlineUser();

type BootState = { kind: 'landing' } | { kind: 'app'; user?: User };

/**
 * The entry's only screen. docs/product.md §2: at / the landing page shows while the user loads and
 * when signed out, so the first load of / carries the landing page alone. Any other path,
 * or a session found at /, loads the app, handed the user already fetched.
 */
export function Boot() {
  const [state, setState] = useState<BootState>(() => {
    if (atLanding()) return { kind: 'landing' };
    // Any other path: the user's request and the screens' code, all at once.
    prefetchCurrentUser();
    preloadSignedInScreens(window.location.pathname);
    return { kind: 'app' };
  });
  useEffect(() => {
    if (state.kind !== 'landing') return;
    let current = true;
    getCurrentUser()
      .then((user) => {
        if (!current || !user) return;
        preloadSignedInScreens(window.location.pathname);
        setState({ kind: 'app', user });
      })
      // Unreachable server: signed out as far as the landing page can tell.
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [state.kind]);

  if (state.kind === 'landing') return <LandingPage />;
  return (
    <Suspense fallback={atLanding() ? <LandingPage /> : <FullPageLoader />}>
      <App initialUser={state.user} />
    </Suspense>
  );
}
