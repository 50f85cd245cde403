import type { LocalNotificationsPlugin } from '@capacitor/local-notifications';
import type { Notification } from '#shared/notifications';

/**
 * Notifications on the phone while the app runs in the background with its socket
 * (docs/mobile.md, "Notifications"): Web Push does not reach a Capacitor WebView, so a
 * mention or a direct message that arrives on the socket while the app is not in view is
 * shown by Capacitor's local-notifications plugin; a tap opens it in the app.
 */

export type PhoneNotifications = Pick<
  LocalNotificationsPlugin,
  'schedule' | 'checkPermissions' | 'requestPermissions' | 'addListener'
>;

/** What rings the phone: being named, and direct messages (the rest waits in the bell). */
const RINGS = new Set<Notification['type']>(['mention', 'direct_message']);

/**
 * The plugin's id, an int: taken from the notification's uuid, so that an item counted again
 * (same id) replaces its notification instead of stacking another.
 */
export const localId = (notificationId: string) =>
  Number.parseInt(notificationId.replace(/-/g, '').slice(0, 7), 16);

/** Ask for the permission once (Android 13+, iOS), and open what a tapped notification names. */
export async function startPhoneNotifications(
  plugin: PhoneNotifications,
  open: (path: string) => void,
): Promise<void> {
  const { display } = await plugin.checkPermissions();
  if (display === 'prompt' || display === 'prompt-with-rationale') {
    await plugin.requestPermissions();
  }
  await plugin.addListener('localNotificationActionPerformed', ({ notification }) => {
    const path = (notification.extra as { path?: unknown } | undefined)?.path;
    if (typeof path === 'string' && path.startsWith('/')) open(path);
  });
}

/** Show `notification` on the phone if it is one that rings; `path` is where a tap leads. */
export async function notifyOnPhone(
  plugin: PhoneNotifications,
  notification: Notification,
  path: string,
): Promise<boolean> {
  if (!RINGS.has(notification.type)) return false;
  if ((await plugin.checkPermissions()).display !== 'granted') return false;
  await plugin.schedule({
    notifications: [
      {
        id: localId(notification.id),
        title: notification.title,
        body: notification.content ?? '',
        extra: { path },
        ...(notification.channelId ? { group: notification.channelId } : {}),
      },
    ],
  });
  return true;
}
