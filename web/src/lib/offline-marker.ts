/**
 * Which account this browser keeps a cache for (lib/query-persist.ts), in localStorage so that
 * the entry can read it at once without IndexedDB: at /, a browser with a cache starts the
 * app instead of the landing page, and offline the app opens that account's cache. Only a
 * hint: online, the cache opened is the one of the user the server names.
 */
import { forgetLastScreen } from './last-screen';

const KEY = 'ruche:offline-user';

export function offlineUser(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function markOfflineUser(userId: string | null): void {
  // The last screen is of the account marked: another one, or none, and it goes.
  if (userId !== offlineUser()) forgetLastScreen();
  try {
    if (userId) localStorage.setItem(KEY, userId);
    else localStorage.removeItem(KEY);
  } catch {
    // Storage refused: no warm start, nothing else.
  }
}
