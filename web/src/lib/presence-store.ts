import { useSyncExternalStore } from 'react';
import type { UserStatus } from '#shared/limits';

/**
 * Live presence by user id, fed by presence_update events (docs/product.md §4: online, away, offline;
 * offline is the default display). A user's embedded `status` from a REST answer is only
 * the fallback until an event says otherwise.
 */
const statuses = new Map<string, UserStatus>();
const listeners = new Set<() => void>();

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
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePresence(
  userId: string | null | undefined,
  fallback: UserStatus = 'offline',
): UserStatus {
  return useSyncExternalStore(subscribe, () => (userId && statuses.get(userId)) || fallback);
}
