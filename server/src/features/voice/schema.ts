import { boolean, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../auth/schema';
import { id, ownedBy, tz } from '../../db/columns';
import { channels } from '../channels/schema';

export const voiceChannelParticipants = pgTable(
  'voice_channel_participants',
  {
    id: id(),
    channelId: ownedBy('channel_id', () => channels.id),
    userId: ownedBy('user_id', () => users.id),
    joinedAt: tz('joined_at').notNull().defaultNow(),
    isMuted: boolean('is_muted').notNull().default(false),
    isDeafened: boolean('is_deafened').notNull().default(false),
    /** Refreshed while the participant's page polls: a silent participant is removed. */
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('voice_channel_participants_key').on(t.channelId, t.userId)],
);
