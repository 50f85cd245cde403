import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import {
  BOARD_NAME_MAX,
  CHANNEL_NAME_MAX,
  CHANNEL_TYPE_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  EVENT_LOCATION_MAX,
  EVENT_TITLE_MAX,
  FILE_MIME_MAX,
  FILE_ORIGINAL_NAME_MAX,
  GUEST_NAME_MAX,
  INVITE_CODE_MAX,
  LIST_NAME_MAX,
  NOTIFICATION_TITLE_MAX,
  NOTIFICATION_TYPE_MAX,
  REACTION_EMOJI_MAX,
  ROOM_CODE_MAX,
  ROOM_NAME_MAX,
  ROOM_PARTICIPANTS_DEFAULT,
  STATUS_MAX,
  STATUS_MESSAGE_MAX,
  TASK_TITLE_MAX,
} from '#shared/limits';

const id = () => uuid('id').primaryKey().defaultRandom();
const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const createdAt = () => tz('created_at').notNull().defaultNow();
const updatedAt = () => tz('updated_at').notNull().defaultNow();

export interface AttachmentItem {
  id: string;
  name: string;
  url: string;
  size: number;
  mimeType: string;
}

export const users = pgTable(
  'users',
  {
    id: id(),
    email: varchar('email', { length: EMAIL_MAX }),
    firstName: varchar('first_name', { length: 100 }),
    lastName: varchar('last_name', { length: 100 }),
    displayName: varchar('display_name', { length: DISPLAY_NAME_MAX }),
    profileImageUrl: text('profile_image_url'),
    // Live presence (SPEC §4), kept by the realtime hub: what other people see.
    status: varchar('status', { length: STATUS_MAX }).notNull().default('online'),
    // The status the user chose in their profile (SPEC §2 settings); presence starts from it.
    chosenStatus: varchar('chosen_status', { length: STATUS_MAX }).notNull().default('online'),
    statusMessage: varchar('status_message', { length: STATUS_MESSAGE_MAX }),
    // Local accounts only: argon2id hash. Null for accounts made through OpenID Connect.
    passwordHash: text('password_hash'),
    // OpenID Connect: issuer + subject identify the account, whatever its email becomes.
    oidcIssuer: text('oidc_issuer'),
    oidcSubject: text('oidc_subject'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_oidc_key').on(t.oidcIssuer, t.oidcSubject),
    check('users_status_check', sql`${t.status} in ('online', 'away', 'offline')`),
    check('users_chosen_status_check', sql`${t.chosenStatus} in ('online', 'away', 'offline')`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    // SHA-256 of the cookie token: a copied row cannot be replayed as a cookie.
    sid: varchar('sid', { length: 64 }).primaryKey(),
    sess: jsonb('sess')
      .$type<{ userId: string; createdAt: string; userAgent?: string }>()
      .notNull(),
    expire: tz('expire').notNull(),
  },
  (t) => [index('sessions_expire_idx').on(t.expire)],
);

export const channels = pgTable(
  'channels',
  {
    id: id(),
    name: varchar('name', { length: CHANNEL_NAME_MAX }).notNull(),
    description: text('description'),
    type: varchar('type', { length: CHANNEL_TYPE_MAX }).notNull(),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    // DESIGN §4: the last sequence number given to a message of this channel.
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    // Direct channels: the two members' ids, sorted, so one pair has exactly one channel.
    directKey: text('direct_key'),
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
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const messages = pgTable(
  'messages',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    attachments: jsonb('attachments').$type<AttachmentItem[]>().notNull().default([]),
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    parentMessageId: uuid('parent_message_id').references((): never => messages.id as never, {
      onDelete: 'set null',
    }),
    edited: boolean('edited').notNull().default(false),
    // DESIGN §4: strictly increasing per channel, assigned in the sending transaction.
    seq: bigint('seq', { mode: 'number' }).notNull(),
    // DESIGN §4: the sender's idempotency key, unique per (channel, author).
    clientId: varchar('client_id', { length: 64 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('messages_channel_seq_key').on(t.channelId, t.seq),
    uniqueIndex('messages_client_id_key').on(t.channelId, t.userId, t.clientId),
    // Replies only: most messages are top-level, and indexing their nulls cost every send a
    // write. Pages, catch-up and unread counts read by (channel_id, seq); none by created_at.
    index('messages_parent_idx').on(t.parentMessageId).where(sql`${t.parentMessageId} is not null`),
    index('messages_content_fts_idx').using('gin', sql`to_tsvector('french', ${t.content})`),
  ],
);

export const reactions = pgTable(
  'reactions',
  {
    id: id(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: varchar('emoji', { length: REACTION_EMOJI_MAX }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('reactions_message_user_emoji_key').on(t.messageId, t.userId, t.emoji)],
);

export const userPresence = pgTable(
  'user_presence',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    isTyping: boolean('is_typing').notNull().default(false),
    lastSeenAt: tz('last_seen_at').notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.channelId] }),
    index('user_presence_channel_idx').on(t.channelId, t.updatedAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: NOTIFICATION_TYPE_MAX }).notNull(),
    title: varchar('title', { length: NOTIFICATION_TITLE_MAX }).notNull(),
    content: text('content'),
    read: boolean('read').notNull().default(false),
    channelId: uuid('channel_id').references(() => channels.id, { onDelete: 'cascade' }),
    messageId: uuid('message_id').references(() => messages.id, { onDelete: 'cascade' }),
    triggeredByUserId: uuid('triggered_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt),
    index('notifications_user_unread_idx').on(t.userId).where(sql`${t.read} = false`),
  ],
);

export const notificationPreferences = pgTable('notification_preferences', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  mentions: boolean('mentions').notNull().default(true),
  directMessages: boolean('direct_messages').notNull().default(true),
  channelMessages: boolean('channel_messages').notNull().default(true),
  reactions: boolean('reactions').notNull().default(true),
  channelInvites: boolean('channel_invites').notNull().default(true),
  systemNotifications: boolean('system_notifications').notNull().default(true),
  updatedAt: updatedAt(),
});

export const boards = pgTable(
  'boards',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: BOARD_NAME_MAX }).notNull(),
    description: text('description'),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('boards_channel_idx').on(t.channelId)],
);

export const lists = pgTable(
  'lists',
  {
    id: id(),
    boardId: uuid('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: LIST_NAME_MAX }).notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('lists_board_position_idx').on(t.boardId, t.position)],
);

export const tasks = pgTable(
  'tasks',
  {
    id: id(),
    listId: uuid('list_id')
      .notNull()
      .references(() => lists.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: TASK_TITLE_MAX }).notNull(),
    description: text('description'),
    assignedToId: uuid('assigned_to_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: uuid('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    labels: jsonb('labels').$type<string[]>().notNull().default([]),
    dueDate: tz('due_date'),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tasks_list_position_idx').on(t.listId, t.position),
    index('tasks_assignee_idx').on(t.assignedToId),
  ],
);

export const friendRequests = pgTable(
  'friend_requests',
  {
    id: id(),
    fromUserId: uuid('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: uuid('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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

export const files = pgTable(
  'files',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
    uploadedById: uuid('uploaded_by_id').references(() => users.id, { onDelete: 'set null' }),
    filename: text('filename').notNull(),
    originalName: varchar('original_name', { length: FILE_ORIGINAL_NAME_MAX }).notNull(),
    mimeType: varchar('mime_type', { length: FILE_MIME_MAX }).notNull(),
    size: integer('size').notNull(),
    url: text('url').notNull(),
    description: text('description'),
    createdAt: createdAt(),
  },
  (t) => [index('files_channel_created_idx').on(t.channelId, t.createdAt)],
);

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: varchar('provider', { length: 20 }).notNull(),
    calendarId: text('calendar_id'),
    calendarName: text('calendar_name'),
    isActive: boolean('is_active').notNull().default(true),
    lastSyncAt: tz('last_sync_at'),
    syncDirection: varchar('sync_direction', { length: 20 }).notNull().default('bidirectional'),
    // DESIGN §4: OAuth tokens are encrypted at rest with a key from config.
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: tz('token_expires_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_connections_user_idx').on(t.userId),
    check('calendar_connections_provider_check', sql`${t.provider} in ('google', 'outlook')`),
    check(
      'calendar_connections_direction_check',
      sql`${t.syncDirection} in ('import', 'export', 'bidirectional')`,
    ),
  ],
);

export const calendarEvents = pgTable(
  'calendar_events',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: EVENT_TITLE_MAX }).notNull(),
    description: text('description'),
    startTime: tz('start_time').notNull(),
    endTime: tz('end_time').notNull(),
    location: varchar('location', { length: EVENT_LOCATION_MAX }),
    allDay: boolean('all_day').notNull().default(false),
    taskId: uuid('task_id').references(() => tasks.id, { onDelete: 'set null' }),
    externalId: text('external_id'),
    externalSource: varchar('external_source', { length: 20 }),
    googleEventId: text('google_event_id'),
    connectionId: uuid('connection_id').references(() => calendarConnections.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_events_user_start_idx').on(t.userId, t.startTime),
    uniqueIndex('calendar_events_connection_external_key').on(t.connectionId, t.externalId),
    check(
      'calendar_events_source_check',
      sql`${t.externalSource} is null or ${t.externalSource} in ('google', 'outlook')`,
    ),
  ],
);

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
    roomId: uuid('room_id')
      .notNull()
      .references(() => videoCallRooms.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestName: varchar('guest_name', { length: GUEST_NAME_MAX }),
    isGuest: boolean('is_guest').notNull().default(false),
    joinedAt: tz('joined_at').notNull().defaultNow(),
    leftAt: tz('left_at'),
  },
  (t) => [index('video_call_participants_room_idx').on(t.roomId, t.leftAt)],
);

export const channelInvites = pgTable(
  'channel_invites',
  {
    id: id(),
    channelId: uuid('channel_id')
      .notNull()
      .references(() => channels.id, { onDelete: 'cascade' }),
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
    // SPEC §4: a channel shows at most one active invite.
    uniqueIndex('channel_invites_one_active_key').on(t.channelId).where(sql`${t.isActive} = true`),
  ],
);

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
