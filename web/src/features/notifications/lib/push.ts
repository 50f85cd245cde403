import { apiGet, apiRequest } from '@/lib/api';

/**
 * Web Push on this device: the service worker (public/sw.js) is registered once signed in;
 * subscribing asks the permission, subscribes with the server's VAPID key and hands the
 * subscription to the server (one per device).
 */
export const pushSupported = (): boolean =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

/** The worker registered once signed in (hooks/use-notification-events.ts), ready. */
async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js');
  return navigator.serviceWorker.ready;
}

export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const existing = await navigator.serviceWorker.getRegistration();
  return (await existing?.pushManager.getSubscription()) ?? null;
}

const PREVIEWS_KEY = 'ruche.notifications.pushPreviews';
export const pushPreviews = (): boolean => {
  try {
    return window.localStorage.getItem(PREVIEWS_KEY) === 'on';
  } catch {
    return false;
  }
};

/** Subscribe this device (or refresh its previews choice); false when permission is refused. */
export async function subscribePush(previews: boolean): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { publicKey } = await apiGet<{ publicKey: string }>('/api/notifications/push/public-key');
  const reg = await registration();
  const subscription =
    (await reg.pushManager.getSubscription()) ??
    (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey }));
  await apiRequest('POST', '/api/notifications/push-subscriptions', {
    ...subscription.toJSON(),
    previews,
  });
  try {
    window.localStorage.setItem(PREVIEWS_KEY, previews ? 'on' : 'off');
  } catch {
    // Private mode.
  }
  return true;
}

export async function unsubscribePush(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest('DELETE', '/api/notifications/push-subscriptions', {
    endpoint: subscription.endpoint,
  });
  await subscription.unsubscribe();
}
