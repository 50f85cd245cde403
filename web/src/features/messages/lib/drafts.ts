/**
 * The composer's unsent text, per channel and per thread (issue 9: switching channels,
 * reloading the page and the quick switcher keep it; sending or clearing removes it), kept
 * for each user on this device. In memory at once — a switch back finds it — and written
 * to localStorage a moment after the last keystroke, and when the page is hidden. Text
 * only: attached files are not part of a draft.
 */

const WRITE_DELAY_MS = 400;

export const draftKey = (channelId: string, parentMessageId: string | null = null) =>
  parentMessageId ? `${channelId}:${parentMessageId}` : channelId;

const storageKey = (userId: string) => `ruche:drafts:${userId}`;

let userId: string | null = null;
let drafts = new Map<string, string>();
let writeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function read(id: string): Map<string, string> {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(storageKey(id)) ?? '{}');
    if (!value || typeof value !== 'object') return new Map();
    return new Map(
      Object.entries(value).filter((entry): entry is [string, string] => {
        return typeof entry[1] === 'string' && entry[1].length > 0;
      }),
    );
  } catch {
    return new Map();
  }
}

function flush() {
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = null;
  if (!userId) return;
  try {
    if (drafts.size === 0) localStorage.removeItem(storageKey(userId));
    else localStorage.setItem(storageKey(userId), JSON.stringify(Object.fromEntries(drafts)));
  } catch {
    // Storage full or refused (private mode): the drafts still live for this page.
  }
}

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') flush();
  });
}

function use(id: string) {
  if (userId === id) return;
  flush();
  userId = id;
  drafts = read(id);
}

export function getDraft(user: string, key: string): string {
  use(user);
  return drafts.get(key) ?? '';
}

/** An empty text removes the draft. */
export function setDraft(user: string, key: string, text: string) {
  use(user);
  const had = drafts.has(key);
  if (text.trim()) drafts.set(key, text);
  else drafts.delete(key);
  // A new map when the set of channels with a draft changes: the sidebar re-renders then.
  if (had !== drafts.has(key)) {
    drafts = new Map(drafts);
    for (const listener of listeners) listener();
  }
  if (writeTimer) clearTimeout(writeTimer);
  writeTimer = setTimeout(flush, WRITE_DELAY_MS);
}

/** For useSyncExternalStore: the drafts of `user`, a new object when one appears or goes. */
export function draftsSnapshot(user: string): ReadonlyMap<string, string> {
  use(user);
  return drafts;
}

export function subscribeDrafts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the channel has a draft, in its composer or one of its threads'. */
export function hasDraft(all: ReadonlyMap<string, string>, channelId: string): boolean {
  if (all.has(channelId)) return true;
  for (const key of all.keys()) if (key.startsWith(`${channelId}:`)) return true;
  return false;
}
