import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import type { ReplacedVersion } from '#shared/calendar';
import { EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from '#shared/limits';
import { users } from '../../auth/schema';
import { createdAt, id, ownedBy, tz, updatedAt } from '../../db/columns';
import { tasks } from '../boards/schema';

export const calendarConnections = pgTable(
  'calendar_connections',
  {
    id: id(),
    userId: ownedBy('user_id', () => users.id),
    provider: varchar('provider', { length: 20 }).notNull(),
    calendarId: text('calendar_id'),
    calendarName: text('calendar_name'),
    isActive: boolean('is_active').notNull().default(true),
    lastSyncAt: tz('last_sync_at'),
    syncDirection: varchar('sync_direction', { length: 20 }).notNull().default('bidirectional'),
    // docs/product.md §10.13: OAuth tokens are encrypted at rest with a key from config.
    accessTokenEnc: text('access_token_enc'),
    refreshTokenEnc: text('refresh_token_enc'),
    tokenExpiresAt: tz('token_expires_at'),
    /** pending (waiting for the provider's consent), connected, or failed (lastError says why). */
    status: varchar('status', { length: 20 }).notNull().default('pending'),
    lastError: text('last_error'),
    /** The OAuth round trip in flight: its state (looked up by the callback) and PKCE verifier. */
    oauthState: text('oauth_state'),
    oauthVerifier: text('oauth_verifier'),
    /** Google's nextSyncToken or Graph's deltaLink: where the next incremental sync starts. */
    syncCursor: text('sync_cursor'),
    /** docs/calendar.md: one sync per connection at a time, across nodes (taken by UPDATE … RETURNING). */
    leaseUntil: tz('lease_until'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_connections_user_idx').on(t.userId),
    uniqueIndex('calendar_connections_oauth_state_key').on(t.oauthState),
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
    userId: ownedBy('user_id', () => users.id),
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
    /** The remote copy's version (etag / changeKey) last seen: unchanged means skipped. */
    externalEtag: text('external_etag'),
    /** When this event was last written to or read from its connection (export: changed since?). */
    syncedAt: tz('synced_at'),
    /** The provider's modification time (Google `updated`, Graph `lastModifiedDateTime`) last seen. */
    remoteUpdatedAt: tz('remote_updated_at'),
    /** docs/calendar.md "Conflicts and deletions": the change a sync replaced, kept visible. */
    replacedVersion: jsonb('replaced_version').$type<ReplacedVersion>(),
    /**
     * docs/calendar.md, "Meetings": a meeting booked for several people is one copy per person
     * (each exported by its owner's own connections); the copies share the organizer's event id.
     */
    meetingId: uuid('meeting_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('calendar_events_user_start_idx').on(t.userId, t.startTime),
    index('calendar_events_meeting_idx').on(t.meetingId),
    uniqueIndex('calendar_events_connection_external_key').on(t.connectionId, t.externalId),
    // A task's due date is one event, on its assignee's calendar (task-events.ts).
    uniqueIndex('calendar_events_task_key').on(t.taskId),
    check(
      'calendar_events_source_check',
      sql`${t.externalSource} is null or ${t.externalSource} in ('google', 'outlook')`,
    ),
  ],
);

/**
 * docs/calendar.md "Conflicts and deletions": an event deleted in Ruche that has a remote copy.
 * The row stays until the provider acknowledges the DELETE (push) or reports the copy gone, and
 * keeps that remote id from being imported again meanwhile.
 */
export const calendarDeletions = pgTable(
  'calendar_deletions',
  {
    id: id(),
    connectionId: ownedBy('connection_id', () => calendarConnections.id),
    externalId: text('external_id').notNull(),
    /** The connection exports: send a DELETE. An import-only one only keeps it from coming back. */
    push: boolean('push').notNull(),
    deletedAt: tz('deleted_at').notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    uniqueIndex('calendar_deletions_connection_external_key').on(t.connectionId, t.externalId),
  ],
);

/** docs/calendar.md: one private ICS feed per user, reached by a secret whose hash only is kept. */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique('calendar_feeds_token_hash_key'),
  createdAt: createdAt(),
});
