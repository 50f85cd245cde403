import { useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * The skip link's target (issue 45 item 15): the screen that has somewhere to skip to (the
 * channel view: its composer) registers it while shown; the layout's <SkipLink> reads it. A
 * kept, hidden channel view's effects are stopped (React's <Activity>), so only the view on
 * screen is registered.
 */
export interface SkipTarget {
  label: string;
  focus: () => void;
}

let current: SkipTarget | null = null;
const listeners = new Set<() => void>();

function set(target: SkipTarget | null): void {
  current = target;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSkipTarget(): SkipTarget | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}

/** While mounted and `enabled`, the skip link goes to `focus()` and reads `label`. */
export function useRegisterSkipTarget(label: string, focus: () => void, enabled = true): void {
  const latest = useRef(focus);
  latest.current = focus;
  useEffect(() => {
    if (!enabled) return;
    const target: SkipTarget = { label, focus: () => latest.current() };
    set(target);
    return () => {
      if (current === target) set(null);
    };
  }, [label, enabled]);
}
