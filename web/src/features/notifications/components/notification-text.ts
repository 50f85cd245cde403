import type { TFunction } from 'i18next';
import type { Notification } from '#shared/notifications';

/** The item's sentence, from the catalogue: who did what, where. */
export function notificationText(n: Notification, t: TFunction): string {
  const actor = n.triggeredBy?.name ?? t('notifications.someone');
  // A private group is not written with '#' (its icon is a lock).
  const channel = !n.channelName
    ? ''
    : n.channelType === 'group'
      ? n.channelName
      : `#${n.channelName}`;
  switch (n.type) {
    case 'channel_message':
      return t('notifications.text.channel_message', { count: n.count, channel });
    case 'channel_invite':
      // A direct conversation has no channel name to show: it is with the actor.
      return n.channelType === 'direct'
        ? t('notifications.text.direct_invite', { actor })
        : t('notifications.text.channel_invite', { actor, channel });
    case 'account':
      // About one's own account (docs/privacy.md): the server wrote the sentence.
      return n.title;
    default:
      return t(`notifications.text.${n.type}`, { actor, channel });
  }
}
