import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TITLE_MAX, NOTIFICATION_TYPE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';
import { messages } from '../messages/schema';

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
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    triggeredByUserId: uuid('triggered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
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
