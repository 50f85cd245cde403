import { z } from 'zod';
import { CHANNEL_NOTIFICATION_LEVELS } from './limits';

/** What a notification is about (docs/notifications.md). */
export const NOTIFICATION_TYPES = [
  'mention',
  'direct_message',
  'thread_reply',
  'channel_message',
  'reaction',
  'channel_invite',
  'friend_request',
  'friend_accepted',
  // One's own reminder, due; a scheduled message that could not go (docs/product.md).
  'reminder',
  'scheduled_failed',
  // About the account itself (docs/privacy.md): an export ready, a deletion cancelled.
  'account',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Items per page of GET /api/notifications. */
export const NOTIFICATION_PAGE_SIZE = 30;

/** The wire shape of a notification, in REST answers and `new_notification` alike. */
export interface Notification {
  id: string;
  type: NotificationType;
  /** A French sentence for places without the web catalogue (desktop and push notifications). */
  title: string;
  /** An excerpt of the message, when there is one. */
  content: string | null;
  read: boolean;
  /** How many events the item stands for: channel messages fold into one item while unread. */
  count: number;
  channelId: string | null;
  channelName: string | null;
  /** 'direct' for a conversation between two people (its name means nothing to show). */
  channelType: string | null;
  messageId: string | null;
  triggeredBy: { id: string; name: string | null; profileImageUrl: string | null } | null;
  createdAt: string;
}

/** One page of GET /api/notifications, newest first. */
export interface NotificationPage {
  notifications: Notification[];
  /** Pass as `before` for the next older page; null at the end. */
  nextCursor: string | null;
}

export const NotificationListQuerySchema = z.object({
  /** An opaque cursor from `nextCursor`. */
  before: z.uuid({ error: 'Curseur invalide' }).optional(),
  unread: z.enum(['true', 'false']).optional(),
});

/** docs/product.md §3: the six preferences, all booleans. */
export interface NotificationPreferences {
  mentions: boolean;
  directMessages: boolean;
  channelMessages: boolean;
  reactions: boolean;
  channelInvites: boolean;
  systemNotifications: boolean;
}

const required = (label: string) =>
  z.boolean({ error: `${label} : une valeur vrai/faux est requise` });

/** docs/product.md §5: six required booleans. */
export const NotificationPreferencesSchema = z
  .object({
    mentions: required('Mentions'),
    directMessages: required('Messages directs'),
    channelMessages: required('Messages des canaux'),
    reactions: required('Réactions'),
    channelInvites: required('Ajouts à un canal'),
    systemNotifications: required('Notifications système'),
  })
  .strict();

export type ChannelNotificationLevel = (typeof CHANNEL_NOTIFICATION_LEVELS)[number];

/** GET/PUT /api/channels/{id}/notification-settings: the caller's setting for one channel. */
export interface ChannelNotificationSettings {
  channelId: string;
  level: ChannelNotificationLevel;
  muted: boolean;
}

export const ChannelNotificationSettingsSchema = z
  .object({
    level: z.enum(CHANNEL_NOTIFICATION_LEVELS, { error: 'Niveau de notification inconnu' }),
    muted: z.boolean({ error: 'Sourdine : une valeur vrai/faux est requise' }),
  })
  .strict();

/**
 * Push subscriptions one account may hold (docs/notifications.md, "Web Push"): a device
 * more pushes out its oldest. Ten is more devices than a person signs in on.
 */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** Subscriptions one account may post per minute (a browser posts one when push is turned on). */
export const PUSH_SUBSCRIBE_PER_MINUTE = 20;

/**
 * POST /api/notifications/push-subscriptions: a browser's PushSubscription.toJSON(). Push
 * services speak https only; where the endpoint may point is the server's check
 * (server/src/features/notifications/push-endpoint.ts).
 */
export const PushSubscriptionSchema = z.object({
  endpoint: z
    .url({
      protocol: /^https$/,
      error: 'Adresse du service push invalide : une adresse https est attendue',
    })
    .max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
  previews: z.boolean().default(false),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionSchema>;

export const PushUnsubscribeSchema = z.object({ endpoint: z.string().min(1).max(2000) });

export const NOTIFICATION_NOT_FOUND = 'Notification introuvable';
export const PUSH_ENDPOINT_TAKEN =
  'Cet appareil reçoit déjà les notifications d’un autre compte : ce compte doit d’abord les désactiver (ou se déconnecter)';
