/**
 * Ruche's service worker (docs/product.md §2.34, « Hors connexion »; docs/notifications.md,
 * "Web Push"). Built by vite-plugin-pwa (web/vite.config.ts) with the build's list of files:
 *
 * - The app shell is precached, per build: index.html, every JS and CSS chunk (the catalogue's
 *   included), the icon and the web manifest. An app page opens from it, online or not; the
 *   rest is the network's, as without a worker — never an API answer, never a file.
 * - A new build is a new worker: it downloads the new shell beside the old one and waits while
 *   a page of the old build is open (that page keeps loading its own chunks). It takes over at
 *   the next load of the only window (a reload, the installed app opened again), which then
 *   gets the new shell from the network, or once every window of the old one is closed.
 */
import { clientsClaim } from 'workbox-core';
import type { RouteHandlerCallbackOptions } from 'workbox-core/types';
import {
  addRoute,
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  getCacheKeyForURL,
  type PrecacheEntry,
  precache,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { openPush, showPush } from './push';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
};

/** What the server answers itself, never the app: the API, the socket, health, app links. */
const SERVER_PATHS = /^\/(?:api\/|ws$|healthz$|readyz$|metrics$|\.well-known\/)/;

/** The path as the server's router reads it (server/src/lib/api-path.ts): `/%61pi/` is `/api/`. */
const routedPath = (pathname: string) =>
  pathname.replace(/%([0-9a-fA-F]{2})/g, (sequence, hex: string) => {
    const code = Number.parseInt(hex, 16);
    return code < 0x80 && !';/?:@&=+$,#%'.includes(String.fromCharCode(code))
      ? String.fromCharCode(code)
      : sequence;
  });

// Before workbox's own install step: a browser whose worker never kept a shell (the push-only
// worker of earlier builds) has no page that depends on one, and this worker takes over at once.
self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.keys().then((names) => {
      if (!names.some((name) => name.startsWith('workbox-precache'))) return self.skipWaiting();
    }),
  );
});

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

precache(self.__WB_MANIFEST);
cleanupOutdatedCaches();
clientsClaim();

/**
 * An app page: the precached shell. With a new build's worker waiting and no other window of
 * the app open, the new build's page from the network instead, and the new worker takes over.
 */
function appPages(): ((options: RouteHandlerCallbackOptions) => Promise<Response>) | null {
  // A build without a shell (the mobile app's, whose pages are in the package): no route.
  if (!getCacheKeyForURL('/index.html')) return null;
  const shell = createHandlerBoundToURL('/index.html');
  return async (options) => {
    const waiting = self.registration.waiting;
    if (waiting && (await self.clients.matchAll({ type: 'window' })).length <= 1) {
      const fresh = await fetch(options.request).catch(() => undefined);
      if (fresh?.ok) {
        waiting.postMessage({ type: 'SKIP_WAITING' });
        return fresh;
      }
    }
    return shell(options);
  };
}

const openApp = appPages();
if (openApp) {
  // Before the precache's own route, which would answer `/` with index.html by itself.
  registerRoute(
    ({ request, url }) =>
      request.mode === 'navigate' &&
      url.origin === self.location.origin &&
      !SERVER_PATHS.test(routedPath(url.pathname)),
    openApp,
  );
}
addRoute();

self.addEventListener('push', showPush);
self.addEventListener('notificationclick', openPush);
