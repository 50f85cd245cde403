import { useSyncExternalStore } from 'react';

/**
 * Who speaks now, as their pages told the channel (voice-speaking, docs/calls.md,
 * "Indicateurs de parole"): every member's page keeps it, for the sidebar and the panel.
 */
let heard: ReadonlyMap<string, boolean> = new Map();
const listeners = new Set<() => void>();

const key = (channelId: string, userId: string) => `${channelId}:${userId}`;

export function setHeard(channelId: string, userId: string, speaking: boolean): void {
  const next = new Map(heard);
  if (speaking) next.set(key(channelId, userId), true);
  else next.delete(key(channelId, userId));
  heard = next;
  for (const listener of listeners) listener();
}

export function useHeard(channelId: string, userId: string): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => heard.get(key(channelId, userId)) === true,
  );
}
