import { useSyncExternalStore } from 'react';

// Whether the search dialog is open: one flag for the whole app, so that the rail, the
// mobile menu and the keyboard shortcut open the same dialog.
let open = false;
const listeners = new Set<() => void>();

export function setSearchDialogOpen(next: boolean): void {
  if (open === next) return;
  open = next;
  for (const listener of listeners) listener();
}

/** Opens the search dialog (the rail's and the mobile menu's search buttons). */
export const openSearchDialog = (): void => setSearchDialogOpen(true);

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useSearchDialogOpen = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => open,
    () => false,
  );
