import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CHANNEL_NAME_MAX, CHANNEL_TYPE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';

export const channels = pgTable(
  'channels',
  {
    id: id(),
    name: varchar('name', { length: CHANNEL_NAME_MAX }).notNull(),
    description: text('description'),
    type: varchar('type', { length: CHANNEL_TYPE_MAX }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // docs/product.md §10.9: the last sequence number given to a message of this channel.
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    // Direct channels: the two members' ids, sorted, so one pair has exactly one channel.
    directKey: text('direct_key'),
    // Issue 48: archived channels are read-only and listed apart; null while the channel is open.
    archivedAt: tz('archived_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('channels_type_check', sql`${t.type} in ('direct', 'group', 'channel', 'voice')`),
    uniqueIndex('channels_direct_key').on(t.directKey),
    index('channels_type_idx').on(t.type),
  ],
);

export const channelMembers = pgTable(
  'channel_members',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
    userId: ownedBy('user_id', () => users.id),
    role: varchar('role', { length: 20 }).notNull().default('member'),
    lastReadAt: tz('last_read_at'),
    // The channel's seq read up to, set with lastReadAt: unread counts read the messages
    // after it on (channel_id, seq), the channel's own order.
    lastReadSeq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    joinedAt: tz('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('channel_members_channel_user_key').on(t.channelId, t.userId),
    index('channel_members_user_idx').on(t.userId),
    check('channel_members_role_check', sql`${t.role} in ('owner', 'admin', 'member')`),
  ],
);

/**
 * Members removed from a channel by someone else: written with the removal; the invites
 * feature lets them back only through an invite a manager made after it (docs/security.md, finding 5).
 */
export const channelRemovals = pgTable(
  'channel_removals',
  {
    channelId: ownedBy('channel_id', () => channels.id),
    userId: ownedBy('user_id', () => users.id),
    removedAt: tz('removed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.userId] })],
);
