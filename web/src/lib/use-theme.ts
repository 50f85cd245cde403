import { useCallback, useSyncExternalStore } from 'react';
import { readTheme, storeTheme, type Theme } from './theme';

// Every toggle on the page (rail, landing header, mobile bar) follows one value.
const listeners = new Set<() => void>();
let current: Theme = readTheme();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setTheme(theme: Theme): void {
  current = theme;
  storeTheme(theme);
  for (const listener of listeners) listener();
}

export function useTheme() {
  const theme = useSyncExternalStore(subscribe, () => current);
  const toggleTheme = useCallback(() => setTheme(current === 'dark' ? 'light' : 'dark'), []);
  return { theme, setTheme, toggleTheme };
}
