import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
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
    /** Sends its screen to the channel (docs/calls.md, "Salons vocaux"); off at each join. */
    isSharingScreen: boolean('is_sharing_screen').notNull().default(false),
    /**
     * The socket that holds the seat (a web page joins over its socket, `voice-join`): the
     * seat lasts as long as it does. Null for a join over HTTP, held by its own polling.
     */
    connectionId: text('connection_id'),
    /**
     * Refreshed every few seconds by the node holding the seat's socket (or, for a seat
     * joined over HTTP, by its holder's poll): a seat nobody refreshes (a killed node, a
     * page gone silent) is removed by any node's sweep.
     */
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('voice_channel_participants_key').on(t.channelId, t.userId),
    index('voice_channel_participants_user').on(t.userId),
    index('voice_channel_participants_connection').on(t.connectionId),
  ],
);
