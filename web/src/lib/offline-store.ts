/**
 * The browser's offline store (docs/product.md §2.34, « Ouverture instantanée »): one
 * IndexedDB key-value store, for the persisted query cache (lib/query-persist.ts). Every call
 * fails soft (private mode, quota, no IndexedDB): the caller then works as if nothing were kept.
 */
const DB_NAME = 'ruche-offline';
const STORE = 'kv';

let opening: Promise<IDBDatabase> | null = null;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Another tab deleting or upgrading the database: let it, and open again next time.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error);
    request.onblocked = () => reject(new Error('IndexedDB blocked'));
  }).catch((error: unknown) => {
    opening = null;
    throw error;
  });
  return opening;
}

async function run<T>(
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T> | undefined,
): Promise<T | undefined> {
  const db = await database();
  return new Promise<T | undefined>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request?.result);
    transaction.onerror = () => reject(transaction.error);
    transaction.onabort = () => reject(transaction.error);
  });
}

export async function readOffline<T>(key: string): Promise<T | undefined> {
  try {
    return (await run<T>('readonly', (store) => store.get(key) as IDBRequest<T>)) ?? undefined;
  } catch {
    return undefined;
  }
}

export async function writeOffline(key: string, value: unknown): Promise<void> {
  try {
    await run('readwrite', (store) => store.put(value, key));
  } catch {
    // Not kept: the next start loads from the server, as without a cache.
  }
}

export async function deleteOffline(key: string): Promise<void> {
  try {
    await run('readwrite', (store) => store.delete(key));
  } catch {
    // Nothing to delete, or no store.
  }
}

/** Every key whose name starts with `prefix`. */
export async function offlineKeys(prefix: string): Promise<string[]> {
  try {
    const keys = await run('readonly', (store) => store.getAllKeys());
    return (keys ?? []).map(String).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

/** Everything this browser keeps offline, for every account: signing out, a 401. */
export async function clearOffline(): Promise<void> {
  try {
    await run('readwrite', (store) => store.clear());
  } catch {
    // No store: nothing kept.
  }
}
