import { boolean, pgTable, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { id, tz } from '../../db/columns';
import { channels } from '../channels/schema';

export const voiceChannelParticipants = pgTable(
  'voice_channel_participants',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: tz('joined_at').notNull().defaultNow(),
    isMuted: boolean('is_muted').notNull().default(false),
    isDeafened: boolean('is_deafened').notNull().default(false),
  },
  (t) => [uniqueIndex('voice_channel_participants_key').on(t.channelId, t.userId)],
);
