import { type DehydratedState, hydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { getActiveChannel, onActiveChannelChange } from './channel-in-view';
import { keepLastScreen } from './keep-last-screen';
import { markOfflineUser } from './offline-marker';
import {
  clearOffline,
  deleteOffline,
  offlineKeys,
  readOffline,
  writeOffline,
} from './offline-store';
import { closeOutbox } from './outbox';

/**
 * The persisted query cache (docs/product.md §2.34, « Ouverture instantanée »): an
 * allow-list of queries — each feature says what it keeps of its own (`OfflineKeep`), gathered
 * in app/offline-cache.ts — written to IndexedDB at most once a second, under the user's id,
 * and put back in the query cache at the next start, before the first render: the last
 * channel paints from it while the socket's catch-up brings it up to date.
 */

/** What is kept of one query: its data (maybe a part), and whether it refetches once shown. */
export interface Kept {
  data: unknown;
  /** False when something else brings it up to date (the messages' seq catch-up). */
  refetch: boolean;
}

/** A feature's part of the allow-list: what it keeps of this query, or undefined (not kept). */
export type OfflineKeep = (query: Query, recent: ReadonlySet<string>) => Kept | undefined;

const PREFIX = 'queries:';
/** Raised when what is kept changes shape: an older cache is then ignored. */
const VERSION = 2;
export const PERSISTED_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
const WRITE_EVERY_MS = 1000;
/** The last screen (lib/keep-last-screen.ts) at most this often, and whenever the page is left. */
const KEEP_SCREEN_EVERY_MS = 10_000;

type PersistedQuery = DehydratedState['queries'][number] & { refetch: boolean };

interface Persisted {
  version: number;
  userId: string;
  savedAt: number;
  /** The channels last on screen, newest first: the ones whose messages are kept. */
  recent: string[];
  queries: PersistedQuery[];
}

const RECENT_CHANNELS = 10;
let recent: string[] = [];

const storageKey = (userId: string) => `${PREFIX}${userId}`;

/**
 * Puts back `userId`'s kept queries (none when there are none, or older than 7 days, or of
 * another shape). Any other account's cache is deleted first: one browser, one cache.
 */
export async function restoreQueries(queryClient: QueryClient, userId: string): Promise<boolean> {
  const others = (await offlineKeys(PREFIX)).filter((key) => key !== storageKey(userId));
  await Promise.all(others.map(deleteOffline));
  const saved = await readOffline<Persisted>(storageKey(userId));
  if (
    !saved ||
    saved.version !== VERSION ||
    saved.userId !== userId ||
    Date.now() - saved.savedAt > PERSISTED_MAX_AGE_MS
  ) {
    return false;
  }
  recent = saved.recent;
  const queries = saved.queries.map(({ refetch, ...query }) => ({
    ...query,
    state: { ...query.state, isInvalidated: refetch },
  }));
  // Data already there (the user just fetched) is newer, and hydrate leaves it.
  hydrate(queryClient, { mutations: [], queries });
  return true;
}

function collect(queryClient: QueryClient, keeps: readonly OfflineKeep[]): PersistedQuery[] {
  const kept = new Set(recent);
  const now = Date.now();
  const queries: PersistedQuery[] = [];
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.state.status !== 'success') continue;
    const part = keeps.reduce<Kept | undefined>(
      (found, keep) => found ?? keep(query, kept),
      undefined,
    );
    if (!part || part.data === undefined) continue;
    queries.push({
      queryKey: query.queryKey,
      queryHash: query.queryHash,
      dehydratedAt: now,
      ...(query.queryType ? { queryType: query.queryType } : {}),
      refetch: part.refetch,
      state: {
        ...query.state,
        data: part.data,
        error: null,
        fetchFailureReason: null,
        fetchMeta: null,
        fetchStatus: 'idle',
        isInvalidated: false,
      },
    });
  }
  return queries;
}

let stopCurrent: (() => void) | null = null;

/**
 * Writes `userId`'s kept queries whenever they change (at most once a second, and when the
 * page is hidden or left). Returns the function that stops it.
 */
export function persistQueries(
  queryClient: QueryClient,
  userId: string,
  keeps: readonly OfflineKeep[],
): () => void {
  stopCurrent?.();
  markOfflineUser(userId);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let screenKeptAt = 0;
  let screenRetry: ReturnType<typeof setTimeout> | undefined;
  /**
   * The last screen, at most every KEEP_SCREEN_EVERY_MS unless `now`; a screen not ready yet
   * (its list still opening) is tried again a second later, `tries` times at most (another
   * screen than a channel's is never ready).
   */
  const keepScreen = (now: boolean, tries = 10) => {
    clearTimeout(screenRetry);
    screenRetry = undefined;
    if (!now && Date.now() - screenKeptAt < KEEP_SCREEN_EVERY_MS) return;
    if (keepLastScreen(userId)) screenKeptAt = Date.now();
    else if (!now && tries > 1) {
      screenRetry = setTimeout(() => keepScreen(false, tries - 1), WRITE_EVERY_MS);
    }
  };
  const write = () => {
    clearTimeout(timer);
    timer = undefined;
    const persisted: Persisted = {
      version: VERSION,
      userId,
      savedAt: Date.now(),
      recent,
      queries: collect(queryClient, keeps),
    };
    void writeOffline(storageKey(userId), persisted);
    // The screen too, less often: serializing it costs the page about 10 ms.
    keepScreen(false);
  };
  const schedule = () => {
    timer ??= setTimeout(write, WRITE_EVERY_MS);
  };
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type !== 'success') return;
    if (event.type === 'observerAdded' || event.type === 'observerRemoved') return;
    schedule();
  });
  const noteActiveChannel = () => {
    const channelId = getActiveChannel();
    if (!channelId || recent[0] === channelId) return;
    recent = [channelId, ...recent.filter((id) => id !== channelId)].slice(0, RECENT_CHANNELS);
    schedule();
  };
  const stopWatchingChannel = onActiveChannelChange(noteActiveChannel);
  noteActiveChannel();
  // Leaving: the kept queries if they changed, the screen as it is now in any case (scrolled
  // since, say).
  const flush = () => {
    if (timer !== undefined) write();
    keepScreen(true);
  };
  const onHidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  document.addEventListener('visibilitychange', onHidden);
  window.addEventListener('pagehide', flush);
  const stop = () => {
    clearTimeout(timer);
    clearTimeout(screenRetry);
    timer = undefined;
    unsubscribe();
    stopWatchingChannel();
    document.removeEventListener('visibilitychange', onHidden);
    window.removeEventListener('pagehide', flush);
    if (stopCurrent === stop) stopCurrent = null;
  };
  stopCurrent = stop;
  schedule();
  return stop;
}

/**
 * Signing out, a 401, a start signed out: nothing of any account is kept on this browser any
 * more: the query cache, which channels were opened, and the sends not yet stored (lib/outbox.ts).
 */
export async function forgetOfflineData(): Promise<void> {
  stopCurrent?.();
  closeOutbox();
  markOfflineUser(null);
  recent = [];
  await clearOffline();
}
