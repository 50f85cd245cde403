import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  GUEST_NAME_MAX,
  ROOM_CODE_MAX,
  ROOM_NAME_MAX,
  ROOM_PARTICIPANTS_DEFAULT,
} from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { channels } from '../channels/schema';

export const videoCallRooms = pgTable(
  'video_call_rooms',
  {
    id: id(),
    roomCode: varchar('room_code', { length: ROOM_CODE_MAX }).notNull(),
    name: varchar('name', { length: ROOM_NAME_MAX }).notNull(),
    description: text('description'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'set null' }),
    isActive: boolean('is_active').notNull().default(true),
    allowGuests: boolean('allow_guests').notNull().default(true),
    /** Guests wait to be admitted by the creator (docs/calls.md, "Salle d'attente"). */
    lobbyEnabled: boolean('lobby_enabled').notNull().default(false),
    maxParticipants: integer('max_participants').notNull().default(ROOM_PARTICIPANTS_DEFAULT),
    expiresAt: tz('expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('video_call_rooms_code_key').on(t.roomCode),
    index('video_call_rooms_creator_idx').on(t.createdById),
  ],
);

export const videoCallParticipants = pgTable(
  'video_call_participants',
  {
    id: id(),
    roomId: ownedBy('room_id', () => videoCallRooms.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: varchar('guest_name', { length: GUEST_NAME_MAX }),
    isGuest: boolean('is_guest').notNull().default(false),
    /** In the lobby: not in the room until the creator admits it. */
    waiting: boolean('waiting').notNull().default(false),
    joinedAt: tz('joined_at').notNull().defaultNow(),
    leftAt: tz('left_at'),
    /** SHA-256 of the guest's room token (docs/calls.md): only guests have one. */
    tokenHash: varchar('token_hash', { length: 64 }),
    /** Refreshed by the in-room socket's heartbeat: a silent seat is given back. */
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    index('video_call_participants_room_idx').on(t.roomId, t.leftAt),
    uniqueIndex('video_call_participants_token_key').on(t.tokenHash),
  ],
);
