import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { INVITE_CODE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz } from '../../db/columns';
import { channels } from '../channels/schema';

export const channelInvites = pgTable(
  'channel_invites',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
    inviteCode: varchar('invite_code', { length: INVITE_CODE_MAX }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: tz('expires_at'),
    maxUses: integer('max_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('channel_invites_code_key').on(t.inviteCode),
    // docs/product.md §4: a channel shows at most one active invite.
    uniqueIndex('channel_invites_one_active_key').on(t.channelId).where(sql`${t.isActive} = true`),
  ],
);
