import { useEffect, useSyncExternalStore } from 'react';
import { PRESENCE_WATCH_MAX, type UserStatus } from '#shared/limits';

/**
 * Live presence by user id (docs/product.md §4: online, away, offline; offline is the
 * default display). A user's embedded `status` from a REST answer is only the fallback
 * until the server says otherwise.
 *
 * The server tells a socket only about the people it shows (presence_watch,
 * docs/realtime.md "Presence"): every `usePresence(id)` on screen counts as watching `id`.
 * Someone no longer shown stays watched for LINGER_MS, so scrolling back and forth or
 * switching channels does not churn the set; the users feature sends the set when it
 * changes (hooks/use-presence-watch.ts).
 */
const statuses = new Map<string, UserStatus>();
const listeners = new Set<() => void>();

/** How long someone no longer on screen stays watched. */
export const LINGER_MS = 60_000;

/** Components showing each user now. */
const shownBy = new Map<string, number>();
/** When each user stopped being shown (for those watched but no longer on screen). */
const hiddenSince = new Map<string, number>();
const watchListeners = new Set<() => void>();

export function setPresence(userId: string, status: UserStatus): void {
  if (statuses.get(userId) === status) return;
  statuses.set(userId, status);
  for (const listener of listeners) listener();
}

export function getPresence(userId: string): UserStatus | undefined {
  return statuses.get(userId);
}

export function clearPresence(): void {
  statuses.clear();
  shownBy.clear();
  hiddenSince.clear();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A component shows this user: watch them until it stops (then LINGER_MS more). */
export function showPresenceOf(userId: string): () => void {
  const count = shownBy.get(userId) ?? 0;
  shownBy.set(userId, count + 1);
  const isNew = count === 0 && !hiddenSince.delete(userId);
  if (isNew) for (const listener of watchListeners) listener();
  return () => {
    const left = (shownBy.get(userId) ?? 1) - 1;
    if (left > 0) {
      shownBy.set(userId, left);
      return;
    }
    shownBy.delete(userId);
    hiddenSince.set(userId, Date.now());
  };
}

/**
 * The users to watch now: everyone shown, then the most recently hidden within LINGER_MS,
 * at most PRESENCE_WATCH_MAX. Forgets those hidden for longer.
 */
export function watchedUsers(now = Date.now()): string[] {
  for (const [userId, since] of hiddenSince) {
    if (now - since > LINGER_MS) hiddenSince.delete(userId);
  }
  const lingering = [...hiddenSince].sort((a, b) => b[1] - a[1]).map(([userId]) => userId);
  return [...shownBy.keys(), ...lingering].slice(0, PRESENCE_WATCH_MAX);
}

/** Called when someone starts being shown who was not watched yet. */
export function onWatchAdded(listener: () => void): () => void {
  watchListeners.add(listener);
  return () => watchListeners.delete(listener);
}

export function usePresence(
  userId: string | null | undefined,
  fallback: UserStatus = 'offline',
): UserStatus {
  useEffect(() => (userId ? showPresenceOf(userId) : undefined), [userId]);
  return useSyncExternalStore(subscribe, () => (userId && statuses.get(userId)) || fallback);
}
