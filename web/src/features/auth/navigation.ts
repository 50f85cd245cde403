import { safeNextPath } from '#shared/next-path';
import { API_ORIGIN, apiRequest, currentPath, goToLogin, markSigningOut } from '@/lib/api';
import { forgetSessionToken } from '@/lib/session-token';

/** docs/product.md §2: signing in and out are full page navigations to the server's routes. */
export { currentPath, goToLogin };

/**
 * Sign out with a POST (a GET signs out only as a top-level navigation: docs/security.md,
 * finding 3), then reload the app signed out. Should the POST fail, the navigation does it.
 * Whatever this browser kept of the account (the query cache, queued sends) goes first.
 */
export async function goToLogout(): Promise<void> {
  await import('@/lib/query-persist').then(
    (module) => module.forgetOfflineData(),
    () => {
      // Not loaded: signing out goes on; the next start signed out forgets it (app/offline-cache.ts).
    },
  );
  markSigningOut();
  try {
    await apiRequest('POST', '/api/logout');
    await forgetSessionToken();
    window.location.assign('/');
  } catch {
    if (!API_ORIGIN) {
      window.location.href = '/api/logout';
      return;
    }
    // The app (docs/mobile.md) cannot navigate to the server: it drops its token, and the
    // session, if the server still has it, ends with its expiry or from "Sessions actives".
    await forgetSessionToken();
    window.location.assign('/');
  }
}

/**
 * After a local sign-in or sign-up, reload the app so every query starts signed in: on the
 * page the person was going to (`?next=`, a path of this site only), else on /.
 */
export function goHomeAfterSignIn(next?: string | null): void {
  window.location.assign(safeNextPath(next) ?? '/');
}
