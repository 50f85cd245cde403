// Ruche's service worker (docs/notifications.md): shows Web Push notifications and opens
// the right channel when one is clicked. No fetch handler: requests never pass through it.

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Ruche' };
  }
  event.waitUntil(
    (async () => {
      // A tab of the app in view on this browser shows the bell already (the server skips
      // users with a tab in view; this covers a push already on its way when it appeared).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(data.title || 'Ruche', {
        body: data.body || undefined,
        tag: data.id || undefined,
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: data.url || '/' },
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url || '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the app already open: bring it forward, on the notification's channel.
      const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        if (tab.url !== url && 'navigate' in tab) await tab.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
});
