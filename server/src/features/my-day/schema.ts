import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { tz, updatedAt } from '../../db/columns';

/**
 * « Ma journée » by email (docs/product.md, « Ma journée »): off unless the person turns it
 * on. `next_send_at` is the start of their next working day; the node that claims the row
 * (FOR UPDATE SKIP LOCKED, email.ts) moves it to the following one before sending, so each
 * day's email goes once, whichever node runs and whether or not one restarted.
 */
export const myDayEmails = pgTable(
  'my_day_emails',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    nextSendAt: tz('next_send_at'),
    lastSentAt: tz('last_sent_at'),
    updatedAt: updatedAt(),
  },
  (t) => [index('my_day_emails_due_idx').on(t.nextSendAt).where(sql`${t.enabled}`)],
);
