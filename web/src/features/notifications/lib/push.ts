import { ApiError, apiGet, apiRequest } from '@/lib/api';

/**
 * Web Push on this device: the service worker (web/sw/) is registered once signed in;
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

const post = (subscription: PushSubscription, previews: boolean) =>
  apiRequest('POST', '/api/notifications/push-subscriptions', {
    ...subscription.toJSON(),
    previews,
  });

/** Subscribe this device (or refresh its previews choice); false when permission is refused. */
export async function subscribePush(previews: boolean): Promise<boolean> {
  if (!pushSupported()) return false;
  if ((await Notification.requestPermission()) !== 'granted') return false;
  const { publicKey } = await apiGet<{ publicKey: string }>('/api/notifications/push/public-key');
  const reg = await registration();
  const fresh = () =>
    reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const existing = await reg.pushManager.getSubscription();
  try {
    await post(existing ?? (await fresh()), previews);
  } catch (err) {
    // 409: this browser's subscription is another account's, one that used this browser and
    // did not sign out (docs/notifications.md, "Web Push"). The browser is this person's now:
    // it drops that subscription (its pushes stop at the push service) and makes its own.
    if (!(existing && err instanceof ApiError && err.status === 409)) throw err;
    await existing.unsubscribe();
    await post(await fresh(), previews);
  }
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

/** How long signing out waits for this device's push subscription to go. */
const FORGET_PUSH_MS = 3000;

/**
 * Before signing out: this device stops receiving the account's pushes, so that the next
 * person on a shared computer does not see them — the server's row goes (it would also go
 * with the session, server side), and the browser's subscription too, so that the next
 * account here gets an endpoint of its own. Never throws, and gives up after FORGET_PUSH_MS:
 * signing out does not wait on a push service.
 */
export async function forgetPushSubscription(): Promise<void> {
  const forget = async () => {
    const subscription = await currentPushSubscription();
    if (!subscription) return;
    await apiRequest('DELETE', '/api/notifications/push-subscriptions', {
      endpoint: subscription.endpoint,
    }).catch(() => undefined);
    await subscription.unsubscribe();
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    forget().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, FORGET_PUSH_MS);
    }),
  ]);
  clearTimeout(timer);
}
