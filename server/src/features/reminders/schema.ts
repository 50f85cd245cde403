import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { REMINDER_NOTE_MAX, SCHEDULED_FAILURE_MAX, TIME_ZONE_MAX } from '#shared/reminders';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';
import { messages } from '../messages/schema';

/**
 * « Me le rappeler » and `/rappel` (docs/product.md, "Rappels et envois programmés"): one row a
 * reminder, about a message or a note of its own; delivered (a notification) once, at
 * `due_at`, by whichever node claims it first (delivery.ts).
 */
export const reminders = pgTable(
  'reminders',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    /** The message it is about; a deleted message takes its reminders with it. */
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    note: varchar('note', { length: REMINDER_NOTE_MAX }),
    dueAt: tz('due_at').notNull(),
    deliveredAt: tz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('reminders_due_idx').on(t.dueAt).where(sql`${t.deliveredAt} is null`),
    index('reminders_user_due_idx').on(t.userId, t.dueAt),
  ],
);

/**
 * « Programmer l’envoi »: a message its author wrote for later. At `due_at` one node claims it
 * (`sending`, until `claimed_until`), posts it through the messages feature's send with the
 * client id `scheduled:<id>` (a second attempt after a crash finds the stored message instead
 * of sending twice), then marks it `sent`; `failed` says why (`failure`).
 */
export const scheduledMessages = pgTable(
  'scheduled_messages',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    channelId: ownedBy('channel_id', () => channels.id),
    parentMessageId: uuid('parent_message_id').references(() => messages.id, {
      onDelete: 'cascade',
    }),
    content: text('content').notNull(),
    dueAt: tz('due_at').notNull(),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    claimedUntil: tz('claimed_until'),
    attempts: integer('attempts').notNull().default(0),
    /** The message posted (no foreign key: it may be deleted afterwards like any other). */
    messageId: uuid('message_id'),
    failure: varchar('failure', { length: SCHEDULED_FAILURE_MAX }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_messages_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('scheduled_messages_user_due_idx').on(t.userId, t.dueAt),
    check(
      'scheduled_messages_status_check',
      sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`,
    ),
  ],
);

/** The zone a person's times are read and shown in; no row: the browser's, else Europe/Paris. */
export const userTimeZones = pgTable('user_time_zones', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  timeZone: varchar('time_zone', { length: TIME_ZONE_MAX }).notNull(),
  updatedAt: updatedAt(),
});
