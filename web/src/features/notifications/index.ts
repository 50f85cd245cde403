/**
 * Notifications: the bell, the settings card, per-channel settings, push and the live events.
 * The public face of this feature (docs/architecture.md, "Web"): other features and app/
 * import it only through this file. Screens loaded on demand are not re-exported here: their
 * importers load them with import() so that they stay out of the importer's chunk.
 */
export {
  useChannelNotificationSettings,
  useSetChannelNotificationSettings,
} from './api/channel-notification-settings';
export { NotificationBell } from './components/notification-bell';
export { NotificationSettingsCard } from './components/notification-settings-card';
export { useNotificationEvents } from './hooks/use-notification-events';
export { forgetPushSubscription } from './lib/push';
