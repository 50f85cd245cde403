import type { User } from '#shared/users';
import { apiGetOrNullOn401 } from '@/lib/api';
import { takeBootUserRequest } from '@/lib/last-screen';

/**
 * GET /api/auth/user: the signed-in user, or null when signed out (401 means "no session",
 * not an error). Apart from its query (get-current-user.ts) so that the entry can ask before
 * the query library and the app have loaded. The first ask takes the answer to the request
 * the page's boot script made (web/boot/last-screen.ts), when it made one.
 */
export const getCurrentUser = (): Promise<User | null> =>
  apiGetOrNullOn401<User>('/api/auth/user', takeBootUserRequest());

let early: Promise<User | null> | null = null;

/** Asks now, while the app's code loads; the app's first query takes this answer. */
export function prefetchCurrentUser(): void {
  if (early) return;
  early = getCurrentUser();
  // Offline, it fails before the app takes it (app/offline-cache.ts): not an unhandled rejection.
  early.catch(() => undefined);
}

/** The early answer the first time, a fresh request after that. */
export function takeCurrentUser(): Promise<User | null> {
  const answer = early ?? getCurrentUser();
  early = null;
  return answer;
}
