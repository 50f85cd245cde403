import { useMemo, useSyncExternalStore } from 'react';
import type { Attachment } from '#shared/messages';

/**
 * Own messages not yet acknowledged by the server, by clientId. They are shown as
 * "sending" (or "failed", with a retry) until the stored message comes back, by the POST's
 * answer or by the new_message event — whichever is first; the list hides an entry as soon
 * as a stored message carries its clientId. A retry reuses the clientId, so the server
 * stores the message once however many times it is sent (docs/product.md §10.10).
 * "queued": written offline, or the server out of reach — it waits for the connection and goes
 * out in its channel's order; the outbox keeps the list across a reload (docs/product.md §2.34).
 */
export interface PendingSend {
  clientId: string;
  channelId: string;
  parentMessageId: string | null;
  content: string;
  mentions: string[];
  attachments?: Attachment[];
  urgent?: boolean;
  createdAt: string;
  state: 'sending' | 'queued' | 'failed';
  attempts: number;
}

let entries: readonly PendingSend[] = [];
const listeners = new Set<() => void>();

function commit(next: readonly PendingSend[]): void {
  entries = next;
  for (const listener of listeners) listener();
}

export function addPendingSend(entry: PendingSend): void {
  commit([...entries, entry]);
}

export function updatePendingSend(clientId: string, patch: Partial<PendingSend>): void {
  commit(entries.map((entry) => (entry.clientId === clientId ? { ...entry, ...patch } : entry)));
}

export function removePendingSend(clientId: string): void {
  if (!entries.some((entry) => entry.clientId === clientId)) return;
  commit(entries.filter((entry) => entry.clientId !== clientId));
}

export function pendingSends(): readonly PendingSend[] {
  return entries;
}

export function subscribePendingSends(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The outbox kept across a reload (app/offline-cache.ts), or [] when the account's data goes. */
export function replacePendingSends(next: readonly PendingSend[]): void {
  commit(next);
}

/** The pending sends of one channel's list (parentMessageId null) or of one thread. */
export function usePendingSends(channelId: string, parentMessageId: string | null): PendingSend[] {
  const all = useSyncExternalStore(subscribePendingSends, () => entries);
  return useMemo(
    () =>
      all.filter(
        (entry) => entry.channelId === channelId && entry.parentMessageId === parentMessageId,
      ),
    [all, channelId, parentMessageId],
  );
}
