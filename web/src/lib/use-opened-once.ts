import { useState } from 'react';

/**
 * True from the first time `open` is true on: a lazily loaded dialog is mounted (and its
 * chunk fetched) when first opened, then stays mounted so that it can animate closed.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
