import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

/**
 * « Télécharger mes données » (docs/privacy.md): one row per export asked, made in the
 * background by one node (the one holding its lease), kept 7 days, then purged with its zip.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    // Who asked: the person, or an administrator for them.
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    /** 0 to 100. */
    progress: integer('progress').notNull().default(0),
    /** The zip's key in the file store, once made. */
    objectKey: text('object_key'),
    size: bigint('size', { mode: 'number' }),
    /** The node making it holds it until then; a node that stopped lets another take over. */
    leaseUntil: tz('lease_until'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: createdAt(),
    finishedAt: tz('finished_at'),
    expiresAt: tz('expires_at').notNull(),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId, t.createdAt),
    index('account_exports_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('pending', 'running')`),
    index('account_exports_expires_idx').on(t.expiresAt),
    check(
      'account_exports_status_check',
      sql`${t.status} in ('pending', 'running', 'ready', 'failed')`,
    ),
    check('account_exports_progress_check', sql`${t.progress} between 0 and 100`),
  ],
);

/**
 * « Supprimer mon compte » (docs/privacy.md): the account is erased once `eraseAfter` is
 * past (7 days of grace, during which signing in cancels it; now for an administrator's
 * immediate erasure). The row goes with the erasure.
 */
export const accountDeletions = pgTable(
  'account_deletions',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestedById: uuid('requested_by_id').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: createdAt(),
    eraseAfter: tz('erase_after').notNull(),
  },
  (t) => [index('account_deletions_erase_after_idx').on(t.eraseAfter)],
);

/**
 * Accounts already erased: what remains of them is this mark (the users row keeps no name,
 * no email), so that their kept messages read « Utilisateur supprimé ».
 */
export const erasedAccounts = pgTable('erased_accounts', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  erasedAt: createdAt(),
});

/**
 * Retention (docs/privacy.md, "Conservation"): the instance's periods, one row. Null: kept
 * for ever. `channelOverride`: channel managers may set a shorter period for their channel.
 */
export const retentionPolicy = pgTable(
  'retention_policy',
  {
    id: integer('id').primaryKey().default(1),
    messageDays: integer('message_days'),
    fileDays: integer('file_days'),
    channelOverride: boolean('channel_override').notNull().default(false),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('retention_policy_single_row', sql`${t.id} = 1`),
    check(
      'retention_policy_message_days_check',
      sql`${t.messageDays} is null or ${t.messageDays} > 0`,
    ),
    check('retention_policy_file_days_check', sql`${t.fileDays} is null or ${t.fileDays} > 0`),
  ],
);

/** A channel's own message period, shorter than the instance's (docs/privacy.md). */
export const channelRetention = pgTable(
  'channel_retention',
  {
    channelId: uuid('channel_id')
      .primaryKey()
      .references(() => channels.id, { onDelete: 'cascade' }),
    messageDays: integer('message_days').notNull(),
    updatedById: uuid('updated_by_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('channel_retention_days_check', sql`${t.messageDays} > 0`)],
);
