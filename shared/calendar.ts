import { z } from 'zod';
import { SlotPeopleSchema } from './calendar-slots';
import { EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from './limits';

export { EVENT_LOCATION_MAX, EVENT_TITLE_MAX };

export const CALENDAR_PROVIDERS = ['google', 'outlook'] as const;
export type CalendarProvider = (typeof CALENDAR_PROVIDERS)[number];
export const SYNC_DIRECTIONS = ['import', 'export', 'bidirectional'] as const;
export type SyncDirection = (typeof SYNC_DIRECTIONS)[number];
export type ConnectionStatus = 'pending' | 'connected' | 'failed';

/** docs/product.md §9: default event start and end in the create dialog. */
export const DEFAULT_EVENT_START = '09:00';
export const DEFAULT_EVENT_END = '10:00';

export const EVENT_NOT_FOUND = 'Événement introuvable';
export const CONNECTION_NOT_FOUND = 'Connexion introuvable';

/** The task an event stands for (docs/product.md §3: the view carries an optional task object). */
export interface CalendarEventTask {
  id: string;
  title: string;
}

/** An item of GET /api/calendar/events. */
export interface CalendarEvent {
  id: string;
  userId: string;
  title: string;
  description: string | null;
  startTime: string;
  endTime: string;
  location: string | null;
  allDay: boolean;
  taskId: string | null;
  task: CalendarEventTask | null;
  /** docs/calendar.md "Conflicts and deletions": the change a sync replaced, kept visible. */
  replacedVersion: ReplacedVersion | null;
  externalId: string | null;
  externalSource: CalendarProvider | null;
  googleEventId: string | null;
  connectionId: string | null;
  /** A meeting's copies share it (the organizer's event id); null for one person's own event. */
  meetingId: string | null;
  /** A meeting's people, the organizer first; empty for one person's own event. */
  attendees: EventAttendee[];
  createdAt: string;
  updatedAt: string;
}

export interface EventAttendee {
  userId: string;
  displayName: string;
}

const isoDateTime = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} doit être une date et une heure` });

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => (v ? v : null));

const EventFields = z.object({
  title: z
    .string({ error: 'Le titre est requis' })
    .trim()
    .min(1, 'Le titre est requis')
    .max(EVENT_TITLE_MAX, `Le titre fait au plus ${EVENT_TITLE_MAX} caractères`),
  description: optionalText(10_000, 'La description est trop longue'),
  startTime: isoDateTime('Le début'),
  endTime: isoDateTime('La fin'),
  location: optionalText(
    EVENT_LOCATION_MAX,
    `Le lieu fait au plus ${EVENT_LOCATION_MAX} caractères`,
  ),
  allDay: z.boolean().default(false),
});

/** docs/calendar.md: the server refuses an end before the start (the UI does not check it). */
const endNotBeforeStart = (v: { startTime?: string; endTime?: string }) =>
  !v.startTime || !v.endTime || Date.parse(v.endTime) >= Date.parse(v.startTime);
const END_BEFORE_START = {
  message: 'La fin doit être après le début',
  path: ['endTime'],
};

/**
 * POST /api/calendar/events (docs/product.md §7). With `attendeeIds`, a meeting: a copy on each
 * person's calendar; with `channelId`, also announced in that conversation (docs/calendar.md,
 * "Meetings").
 */
export const EventCreateSchema = EventFields.extend({
  attendeeIds: SlotPeopleSchema.optional(),
  channelId: z.uuid({ error: 'Canal introuvable' }).optional(),
})
  .strict()
  .refine(endNotBeforeStart, END_BEFORE_START);
export type EventCreateInput = z.input<typeof EventCreateSchema>;

/** PATCH /api/calendar/events/{id}: the same body, any part of it. */
export const EventUpdateSchema = EventFields.partial()
  .strict()
  .refine(endNotBeforeStart, END_BEFORE_START);
export type EventUpdateInput = z.input<typeof EventUpdateSchema>;

/**
 * GET /api/calendar/feed: whether the private ICS feed exists. Its secret is kept hashed, so
 * the address (url) comes only in the answer to POST /api/calendar/feed, which makes a new one.
 */
export interface CalendarFeed {
  active: boolean;
  createdAt: string | null;
  url: string | null;
}

/** An item of GET /api/calendar/connections (tokens never leave the server). */
export interface CalendarConnection {
  id: string;
  userId: string;
  provider: CalendarProvider;
  calendarId: string | null;
  calendarName: string | null;
  isActive: boolean;
  lastSyncAt: string | null;
  syncDirection: SyncDirection;
  status: ConnectionStatus;
  lastError: string | null;
  createdAt: string;
}

/** POST /api/calendar/connections (docs/product.md §5 defaults: google, empty name, import, active). */
export const ConnectionCreateSchema = z
  .object({
    provider: z.enum(CALENDAR_PROVIDERS, { error: 'Le fournisseur est google ou outlook' }),
    calendarName: z.string().trim().max(200, 'Le nom fait au plus 200 caractères').default(''),
    syncDirection: z
      .enum(SYNC_DIRECTIONS, { error: 'Le sens est import, export ou bidirectional' })
      .default('import'),
    isActive: z.boolean().default(true),
  })
  .strict();
export type ConnectionCreateInput = z.input<typeof ConnectionCreateSchema>;

/**
 * GET /api/calendar/providers: whether this server can connect to each provider (its OAuth
 * client is configured, docs/calendar.md "Connections and OAuth"), known before the form.
 */
export interface CalendarProviderStatus {
  provider: CalendarProvider;
  configured: boolean;
}

/** The answer to POST /api/calendar/connections: the connection, and where to send the browser. */
export interface ConnectionCreated {
  connection: CalendarConnection;
  authorizeUrl: string;
}

/** PATCH /api/calendar/connections/{id}: isActive, or the calendar picked after consent. */
export const ConnectionUpdateSchema = z
  .object({
    isActive: z.boolean().optional(),
    calendarId: z.string().trim().min(1).max(1024).optional(),
    calendarName: z.string().trim().max(200).optional(),
    syncDirection: z.enum(SYNC_DIRECTIONS).optional(),
  })
  .strict();
export type ConnectionUpdateInput = z.infer<typeof ConnectionUpdateSchema>;

/** GET /api/calendar/connections/{id}/calendars: the provider's calendars to pick from. */
export interface RemoteCalendar {
  id: string;
  name: string;
  primary: boolean;
}

/** docs/product.md §3 sync result. */
export interface SyncResult {
  imported: number;
  skipped: number;
}

/** An event's content as a sync compares it: what a replaced edit said. */
export interface EventContent {
  title: string;
  description: string | null;
  location: string | null;
  startTime: string;
  endTime: string;
  allDay: boolean;
}

/**
 * docs/calendar.md "Conflicts and deletions": the change a sync did not keep. Both sides
 * changed the event since the last sync and the later change won (an edit, or a deletion that
 * a later edit undid); the losing change is kept here and shown in the event dialog.
 */
export interface ReplacedVersion {
  /** The connection's provider: the other side. */
  provider: CalendarProvider;
  /** Where the change that lost was made. */
  side: 'ruche' | 'provider';
  change: 'edited' | 'deleted';
  /** When it was made there; null when the provider does not say (a Graph deletion). */
  changedAt: string | null;
  /** When the sync kept the other change. */
  resolvedAt: string;
  /** The replaced edit's content; null for a deletion. */
  previous: EventContent | null;
}
