import { deleteOffline, offlineKeys, readOffline, writeOffline } from './offline-store';

/**
 * The outbox (docs/product.md §2.34, « Hors connexion »): the sends not yet stored by the
 * server — queued offline, on their way, or refused — kept in IndexedDB under the user's id,
 * so that a reload or the app opened again shows them and sends them (each exactly once: the
 * server stores a clientId once). The messages feature holds the list (`OutboxSource`); this
 * mirrors it. Signing out, a 401 and another account delete it with the rest
 * (lib/query-persist.ts, `forgetOfflineData`).
 */

/** The list the outbox mirrors: its entries, their changes, and what to put back. */
export interface OutboxSource<T> {
  list(): readonly T[];
  subscribe(listener: () => void): () => void;
  /** Puts back the entries kept at the last visit, waiting to be sent. */
  restore(entries: readonly T[]): void;
  /** The account's data is gone: its entries held in the page too. */
  clear(): void;
}

const PREFIX = 'outbox:';
const VERSION = 1;

interface Kept<T> {
  version: number;
  userId: string;
  entries: readonly T[];
}

const storageKey = (userId: string) => `${PREFIX}${userId}`;

let stopCurrent: (() => void) | null = null;

/**
 * `userId`'s kept sends back in `source` (another account's outbox is deleted, never read),
 * then every change of `source` written at once: a send must survive a reload that follows it.
 */
export async function openOutbox<T>(userId: string, source: OutboxSource<T>): Promise<void> {
  stopCurrent?.();
  const others = (await offlineKeys(PREFIX)).filter((key) => key !== storageKey(userId));
  await Promise.all(others.map(deleteOffline));
  const kept = await readOffline<Kept<T>>(storageKey(userId));
  if (kept?.version === VERSION && kept.userId === userId && kept.entries.length > 0) {
    source.restore(kept.entries);
  }
  let written: readonly T[] | null = null;
  let writing = Promise.resolve();
  const write = () => {
    const entries = source.list();
    if (entries === written) return;
    written = entries;
    const value: Kept<T> = { version: VERSION, userId, entries };
    // One write after another: the last list is the one kept.
    writing = writing.then(() =>
      entries.length ? writeOffline(storageKey(userId), value) : deleteOffline(storageKey(userId)),
    );
  };
  const unsubscribe = source.subscribe(write);
  stopCurrent = () => {
    unsubscribe();
    stopCurrent = null;
    source.clear();
  };
  write();
}

/** Signing out, a 401: nothing is written any more, and the sends held in the page are dropped. */
export function closeOutbox(): void {
  stopCurrent?.();
}
