import { useSyncExternalStore } from 'react';

/** Below Tailwind's `md` breakpoint (48 rem): the phone layout (docs/product.md §2.3). */
export const PHONE_MEDIA_QUERY = '(max-width: 47.99rem)';

// Absent where there is no layout (jsdom): the desktop's.
const phone = globalThis.matchMedia?.(PHONE_MEDIA_QUERY);

/**
 * The phone layout, for what CSS alone cannot arrange (another order, fewer controls); it
 * follows a rotation or a resize.
 */
export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      phone?.addEventListener('change', onChange);
      return () => phone?.removeEventListener('change', onChange);
    },
    () => phone?.matches ?? false,
  );
}
