/**
 * Set-up of the `web-dom` Vitest project (vitest.config.ts): Testing Library's matchers, the
 * real French catalogue (docs/product.md §1), and the few browser APIs jsdom lacks that the
 * Radix primitives call (web/src/components/ui/).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { catalogueLoaded } from '@/lib/i18n';

// The whole catalogue, as the screens outside the channel view have it (lib/i18n.ts).
await catalogueLoaded;

// findBy… and waitFor wait up to 5 s (1 s by default): a busy machine renders slowly, a
// broken component still fails.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoResizeObserver;
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
Element.prototype.scrollIntoView ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => undefined;
