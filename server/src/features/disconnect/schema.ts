import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { WorkingDay } from '#shared/disconnect';
import { TIME_OFF_LABEL_MAX } from '#shared/disconnect';
import { STATUS_MESSAGE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';
import { notifications } from '../notifications/schema';

/**
 * The right to disconnect (docs/product.md, « Droit à la déconnexion »): the instance's policy,
 * each person's own week, their time off, the notifications held until their next working
 * period, and the month's counts for the administrators' report.
 */

/** One row (id 1) once an administrator saved it; none: the defaults of shared/disconnect.ts. */
export const disconnectPolicy = pgTable(
  'disconnect_policy',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull(),
    /** Seven WorkingDay, Monday first. */
    days: jsonb('days').$type<WorkingDay[]>().notNull(),
    holidays: boolean('holidays').notNull(),
    timeZone: varchar('time_zone', { length: 64 }).notNull(),
    urgentAllowed: boolean('urgent_allowed').notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('disconnect_policy_single_row', sql`${t.id} = 1`)],
);

/** A person's own week; no row: the policy's. Their zone is reminders' user_time_zones. */
export const workingHours = pgTable('working_hours', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  days: jsonb('days').$type<WorkingDay[]>().notNull(),
  holidays: boolean('holidays').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Days off, both dates included, in the person's zone. While one runs its owner shows an
 * automatic status message (« En congé jusqu’au 12 mars »): `status` says where that stands
 * (pending → shown → restored), and `saved_status_message` keeps theirs to put back after.
 */
export const timeOff = pgTable(
  'time_off',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    startDate: varchar('start_date', { length: 10 }).notNull(),
    endDate: varchar('end_date', { length: 10 }).notNull(),
    label: varchar('label', { length: TIME_OFF_LABEL_MAX }),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    savedStatusMessage: varchar('saved_status_message', { length: STATUS_MESSAGE_MAX }),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_off_user_end_idx').on(t.userId, t.endDate),
    index('time_off_status_idx').on(t.startDate).where(sql`${t.status} <> 'restored'`),
    check('time_off_dates_check', sql`${t.endDate} >= ${t.startDate}`),
    check('time_off_status_check', sql`${t.status} in ('pending', 'shown', 'restored')`),
  ],
);

/**
 * A notification made while its owner was off: in the bell at once, pushed at `release_at`
 * (their next working start) by whichever node deletes this row first (release.ts).
 */
export const heldNotifications = pgTable(
  'held_notifications',
  {
    notificationId: uuid('notification_id')
      .primaryKey()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: ownedBy('user_id', () => users.id),
    releaseAt: tz('release_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('held_notifications_release_idx').on(t.releaseAt),
    index('held_notifications_user_idx').on(t.userId),
  ],
);

/** Per channel and month (YYYY-MM, UTC): urgent messages sent, notifications held. */
export const disconnectCounts = pgTable(
  'disconnect_counts',
  {
    month: varchar('month', { length: 7 }).notNull(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    urgentMessages: integer('urgent_messages').notNull().default(0),
    heldNotifications: integer('held_notifications').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.channelId] })],
);
