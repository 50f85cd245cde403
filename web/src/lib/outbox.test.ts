import { afterEach, describe, expect, it, vi } from 'vitest';
import { closeOutbox, type OutboxSource, openOutbox } from './outbox';

// The browser's IndexedDB is not in Node: the store is a Map behind the same four calls
// (lib/offline-store.ts), which e2e/specs/offline.spec.ts exercises in Chromium.
const kept = vi.hoisted(() => new Map<string, unknown>());
vi.mock('./offline-store', () => ({
  readOffline: async (key: string) => structuredClone(kept.get(key)),
  writeOffline: async (key: string, value: unknown) => void kept.set(key, structuredClone(value)),
  deleteOffline: async (key: string) => void kept.delete(key),
  offlineKeys: async (prefix: string) => [...kept.keys()].filter((key) => key.startsWith(prefix)),
}));

interface Entry {
  clientId: string;
  state: string;
}

/** A list as the messages feature keeps its pending sends (features/messages/offline-keep.ts). */
function list(initial: Entry[] = []) {
  let entries: readonly Entry[] = initial;
  const listeners = new Set<() => void>();
  const set = (next: readonly Entry[]) => {
    entries = next;
    for (const listener of listeners) listener();
  };
  const source: OutboxSource<Entry> = {
    list: () => entries,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    restore: (back) => set([...back.map((e) => ({ ...e, state: 'queued' })), ...entries]),
    clear: () => set([]),
  };
  return { source, set, entries: () => entries };
}

/** What the store holds for `userId`, once the writes in flight are done. */
async function keptFor(userId: string) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  return (kept.get(`outbox:${userId}`) as { entries: Entry[] } | undefined)?.entries;
}

afterEach(() => {
  closeOutbox();
  kept.clear();
});

describe('the outbox (docs/product.md §2.34)', () => {
  it('keeps every change at once, and puts the sends back at the next start, waiting', async () => {
    const page = list();
    await openOutbox('alice', page.source);
    page.set([{ clientId: 'k1', state: 'sending' }]);
    page.set([...page.entries(), { clientId: 'k2', state: 'failed' }]);
    expect(await keptFor('alice')).toEqual([
      { clientId: 'k1', state: 'sending' },
      { clientId: 'k2', state: 'failed' },
    ]);

    // A reload: a new page, the same account.
    const next = list();
    await openOutbox('alice', next.source);
    expect(next.entries().map((e) => e.clientId)).toEqual(['k1', 'k2']);
    // Stored: gone from the list, and from the store.
    next.set(next.entries().filter((e) => e.clientId !== 'k1'));
    expect((await keptFor('alice'))?.map((e) => e.clientId)).toEqual(['k2']);
    next.set([]);
    expect(await keptFor('alice')).toBeUndefined();
  });

  it('another account never reads the first one’s sends: they are deleted', async () => {
    const alice = list();
    await openOutbox('alice', alice.source);
    alice.set([{ clientId: 'secret', state: 'queued' }]);
    expect(await keptFor('alice')).toHaveLength(1);

    const bob = list();
    await openOutbox('bob', bob.source);
    expect(bob.entries()).toEqual([]);
    expect(kept.has('outbox:alice')).toBe(false);
  });

  it('closed (signing out, a 401): the page’s sends are dropped and nothing is written any more', async () => {
    const page = list();
    await openOutbox('alice', page.source);
    page.set([{ clientId: 'k1', state: 'queued' }]);
    await keptFor('alice');
    kept.clear(); // what forgetOfflineData does to the store
    closeOutbox();
    expect(page.entries()).toEqual([]);
    page.set([{ clientId: 'k2', state: 'queued' }]);
    expect(await keptFor('alice')).toBeUndefined();
  });
});
