/**
 * The service worker (web/sw/sw.ts: Web Push, and the app shell precached for opening offline,
 * docs/product.md §2.34), registered once the page has loaded and settled: its first install
 * downloads the whole shell, which must not compete with the page's own first load.
 */
const SETTLE_MS = 3000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () =>
    setTimeout(() => {
      navigator.serviceWorker.register('/sw.js').catch(() => undefined);
    }, SETTLE_MS);
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
