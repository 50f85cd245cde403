import type { Notification } from '#shared/notifications';

/**
 * Where a notification leads: the message itself (a permalink, which also opens a reply's
 * thread), or the channel for folded channel messages and for being added.
 */
export function notificationHref(
  n: Pick<Notification, 'type' | 'channelId' | 'messageId'>,
): string {
  if (n.type === 'friend_request' || n.type === 'friend_accepted') return '/friends';
  // About one's own account (docs/privacy.md): its data and deletion are in the settings.
  if (n.type === 'account') return '/settings';
  // One's own reminders and scheduled messages are listed there (docs/product.md).
  if (n.type === 'scheduled_failed' || (n.type === 'reminder' && !n.channelId)) return '/rappels';
  if (!n.channelId) return '/';
  const channel = `/channel/${n.channelId}`;
  if (!n.messageId || n.type === 'channel_message') return channel;
  return `${channel}?message=${n.messageId}`;
}
