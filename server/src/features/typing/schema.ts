import { boolean, index, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

/**
 * No longer read or written: typing lives in memory on every node (features/typing/board.ts,
 * docs/realtime.md). The table stays (rows left from before are ignored): no migration.
 */
export const userPresence = pgTable(
  'user_presence',
  {
    userId: ownedBy('user_id', () => users.id),
    channelId: ownedBy('channel_id', () => channels.id),
    isTyping: boolean('is_typing').notNull().default(false),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    index('user_presence_channel_idx').on(t.channelId, t.updatedAt),
  ],
);
