import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, updatedAt } from '../../db/columns';

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: id(),
    fromUserId: ownedBy('from_user_id', () => users.id),
    toUserId: ownedBy('to_user_id', () => users.id),
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    message: text('message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('friend_requests_pending_key')
      .on(t.fromUserId, t.toUserId)
      .where(sql`${t.status} = 'pending'`),
    index('friend_requests_to_idx').on(t.toUserId, t.status),
    check('friend_requests_status_check', sql`${t.status} in ('pending', 'accepted', 'declined')`),
    check('friend_requests_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

export const friendships = pgTable(
  'friendships',
  {
    id: id(),
    // Stored with user1Id < user2Id so that a pair has one row.
    user1Id: uuid('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: uuid('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('friendships_pair_key').on(t.user1Id, t.user2Id),
    index('friendships_user2_idx').on(t.user2Id),
    check('friendships_ordered', sql`${t.user1Id} < ${t.user2Id}`),
  ],
);
