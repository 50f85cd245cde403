import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { NOTIFICATION_TITLE_MAX, NOTIFICATION_TYPE_MAX } from '#shared/limits';
import { sessions, users } from '../../auth/schema';
import { createdAt, id, ownedBy, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    type: varchar('type', { length: NOTIFICATION_TYPE_MAX }).notNull(),
    title: varchar('title', { length: NOTIFICATION_TITLE_MAX }).notNull(),
    content: text('content'),
    read: boolean('read').notNull().default(false),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    /**
     * No foreign key: a deleted message's notifications are deleted by the notifications
     * feature (its messageDeleted subscriber), which tells their owners' sockets live.
     */
    messageId: uuid('message_id'),
    triggeredByUserId: uuid('triggered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /**
     * How many events this row stands for. An unread channel item's is derived from the
     * channel's messages when read, and written here when the item is marked read
     * (docs/notifications.md, "Channel messages fold").
     */
    count: integer('count').notNull().default(1),
    /** The list's order. A channel item keeps its first message's (and that `messageId`). */
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    // A user's unread items, and their unread items of one channel: what reading a channel
    // marks (service.ts, markChannelNotificationsRead). By the user alone, each read of a
    // channel fetched every unread item of its reader to keep those of the channel
    // (docs/performance-log.md, capacity, "2026-11-28, 18:30").
    index('notifications_user_channel_unread_idx')
      .on(t.userId, t.channelId)
      .where(sql`${t.read} = false`),
    index('notifications_message_idx').on(t.messageId),
    // The one unread channel-message row per (user, channel) that new messages fold into.
    // The channel first: a new message reads the channel's holders of it (create.ts, folded).
    uniqueIndex('notifications_unread_channel_key')
      .on(t.channelId, t.userId)
      .where(sql`${t.read} = false and ${t.type} = 'channel_message'`),
  ],
);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mentions: boolean('mentions').notNull().default(true),
  directMessages: boolean('direct_messages').notNull().default(true),
  channelMessages: boolean('channel_messages').notNull().default(true),
  reactions: boolean('reactions').notNull().default(true),
  channelInvites: boolean('channel_invites').notNull().default(true),
  systemNotifications: boolean('system_notifications').notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * A member's notification level for one channel (docs/notifications.md): every message,
 * mentions only, or nothing; muted silences the channel whatever the level. No row: `all`.
 */
export const notificationChannelSettings = pgTable(
  'notification_channel_settings',
  {
    userId: ownedBy('user_id', () => users.id),
    channelId: ownedBy('channel_id', () => channels.id),
    level: varchar('level', { length: 16 }).notNull().default('all'),
    muted: boolean('muted').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    check(
      'notification_channel_settings_level_check',
      sql`${t.level} in ('all', 'mentions', 'nothing')`,
    ),
  ],
);

/** One Web Push subscription per device (browser profile); the endpoint names it. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Whether pushes to this device may carry the message text. */
    previews: boolean('previews').notNull().default(false),
    /**
     * The session that subscribed the device: when it ends (sign-out, revocation, expiry) the
     * device stops receiving its pushes (docs/notifications.md, "Web Push"). Null for
     * subscriptions made before sessions were recorded.
     */
    sessionSid: varchar('session_sid', { length: 64 }).references(() => sessions.sid, {
      onDelete: 'cascade',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
    // A session's deletion finds its subscriptions through this (the cascade above).
    index('push_subscriptions_session_idx').on(t.sessionSid),
  ],
);
