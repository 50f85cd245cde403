import { onlineManager, type QueryClient } from '@tanstack/react-query';
import type { User } from '#shared/users';
import { CURRENT_USER_KEY, keepCurrentUser, takeCurrentUser } from '@/features/auth';
import { keepChannels } from '@/features/channels';
import { keepLatestMessages, pendingSendsOutbox } from '@/features/messages';
import { ApiError } from '@/lib/api';
import { offlineUser } from '@/lib/offline-marker';
import { openOutbox } from '@/lib/outbox';
import {
  forgetOfflineData,
  type OfflineKeep,
  persistQueries,
  restoreQueries,
} from '@/lib/query-persist';
import { registerServiceWorker } from '@/lib/service-worker';

/** The allow-list of the persisted cache: each feature's part (never files, never admin data). */
const KEEPS: readonly OfflineKeep[] = [keepCurrentUser, keepChannels, keepLatestMessages];

/** A store that does not answer (another tab upgrading it) does not hold the app back longer. */
const RESTORE_TIMEOUT_MS = 1000;

const inTime = <T>(promise: Promise<T>, ms: number): Promise<T | undefined> =>
  Promise.race([promise, new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);

const isCurrentUser = (key: readonly unknown[]) =>
  key.length === 1 && key[0] === CURRENT_USER_KEY[0];

/** No answer at all: offline, the server down, or the proxy in front of it saying so. */
const isUnreachable = (error: unknown) =>
  !(error instanceof ApiError) || error.status === 502 || error.status === 504;

/** How often a server found out of reach at start is asked again (the socket's own pace). */
const PROBE_EVERY_MS = 3000;

/**
 * Offline, or the server out of reach (docs/product.md §2.34): the query client is told so,
 * and its queries wait (paused) instead of failing, the kept data on screen; sends queue
 * (features/messages/api/deliver-sends.ts). The browser's `online` event ends it, or, when
 * the server was the one out of reach, its first answer.
 */
function waitForServer(serverUnreachable: boolean): void {
  if (navigator.onLine && !serverUnreachable) return;
  onlineManager.setOnline(false);
  if (!serverUnreachable) return;
  const probe = () => {
    if (onlineManager.isOnline()) return;
    // Offline: the browser's `online` event says when to ask.
    if (!navigator.onLine) return void setTimeout(probe, PROBE_EVERY_MS);
    takeCurrentUser().then(
      () => onlineManager.setOnline(true),
      (error: unknown) => {
        if (isUnreachable(error)) setTimeout(probe, PROBE_EVERY_MS);
        else onlineManager.setOnline(true);
      },
    );
  };
  setTimeout(probe, PROBE_EVERY_MS);
}

/**
 * Before the app's first render (docs/product.md §2.34, « Ouverture instantanée »):
 * who is signed in, as the server says (asked since the entry started), then that account's
 * kept queries back in the cache, so that the last channel paints from them, and its sends
 * not yet stored (the outbox). Offline (the server unreachable), the account this browser
 * last kept. Signed out: nothing kept stays.
 */
export async function openOfflineCache(
  queryClient: QueryClient,
  initialUser?: User,
): Promise<void> {
  let user: User | null | undefined = initialUser;
  let unreachable = false;
  if (user === undefined) {
    user = await takeCurrentUser().catch((error: unknown) => {
      unreachable = isUnreachable(error);
      return undefined;
    });
  }
  waitForServer(unreachable);
  if (user === null) {
    queryClient.setQueryData(CURRENT_USER_KEY, null);
    if (offlineUser()) await forgetOfflineData();
    return;
  }
  if (user) queryClient.setQueryData(CURRENT_USER_KEY, user);
  const userId = user?.id ?? offlineUser();
  // Unreachable and nothing kept: the user's query asks again, as without a cache.
  if (!userId) return;
  await inTime(
    Promise.all([restoreQueries(queryClient, userId), openOutbox(userId, pendingSendsOutbox)]),
    RESTORE_TIMEOUT_MS,
  );
  persistQueries(queryClient, userId, KEEPS);
  // The shell precached, for the next start offline (web/sw/sw.ts).
  registerServiceWorker();
  // Signed out while the app is open (elsewhere: the socket's 4401 refetches the user).
  queryClient.getQueryCache().subscribe((event) => {
    if (
      event.type === 'updated' &&
      isCurrentUser(event.query.queryKey) &&
      event.query.state.data === null
    ) {
      void forgetOfflineData();
    }
  });
}
