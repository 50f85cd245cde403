import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import { DIGEST_DEFAULT_DELAY, DIGEST_DEFAULT_PERIOD } from '#shared/digest';
import { users } from '../../auth/schema';
import { tz, updatedAt } from '../../db/columns';

/**
 * What each person chose for the e-mail of what they missed (docs/product.md, « E-mail
 * récapitulatif »). No row: on, with the defaults.
 */
export const digestSettings = pgTable(
  'digest_settings',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    delayMinutes: integer('delay_minutes').notNull().default(DIGEST_DEFAULT_DELAY),
    periodMinutes: integer('period_minutes').notNull().default(DIGEST_DEFAULT_PERIOD),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('digest_settings_delay_check', sql`${t.delayMinutes} in (15, 30, 60, 240)`),
    check('digest_settings_period_check', sql`${t.periodMinutes} in (60, 240, 1440)`),
  ],
);

/**
 * The sender's bookkeeping, one row per person it has looked at (delivery.ts):
 * `last_seen_at`, the last tick that found them online with something unread (so that an
 * e-mail waits until they have been away for their delay); `covered_until`, the end of what
 * the last e-mail covered (what came before is never mailed again); `claimed_until`, the lease
 * of the node sending it now (one node sends, and a node that died mid-way lets go).
 */
export const digestState = pgTable('digest_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastSeenAt: tz('last_seen_at'),
  lastSentAt: tz('last_sent_at'),
  coveredUntil: tz('covered_until'),
  claimedUntil: tz('claimed_until'),
  /** How many items the last e-mail listed. */
  lastCount: integer('last_count').notNull().default(0),
});
