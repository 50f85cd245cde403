/**
 * Web Push in the service worker (docs/notifications.md, "Web Push"): shows the notification,
 * unless a tab of the app is in view on this browser, and opens its channel when clicked.
 */
declare const self: ServiceWorkerGlobalScope;

interface PushPayload {
  title?: string;
  body?: string;
  id?: string;
  url?: string;
}

function payloadOf(data: PushMessageData | null): PushPayload {
  try {
    return data ? (data.json() as PushPayload) : {};
  } catch {
    return { title: data ? data.text() : 'Ruche' };
  }
}

export function showPush(event: PushEvent): void {
  const data = payloadOf(event.data);
  event.waitUntil(
    (async () => {
      // A tab of the app in view on this browser shows the bell already (the server skips
      // users with a tab in view; this covers a push already on its way when it appeared).
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(data.title || 'Ruche', {
        ...(data.body ? { body: data.body } : {}),
        ...(data.id ? { tag: data.id } : {}),
        icon: '/favicon.svg',
        badge: '/favicon.svg',
        data: { url: data.url || '/' },
      });
    })(),
  );
}

export function openPush(event: NotificationEvent): void {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url || '/';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A tab of the app already open: bring it forward, on the notification's channel.
      const tab = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (tab) {
        await tab.focus();
        if (tab.url !== url) await tab.navigate(url).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(url);
    })(),
  );
}
