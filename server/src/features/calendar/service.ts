import { and, asc, eq, sql } from 'drizzle-orm';
import {
  type CalendarEvent,
  EVENT_NOT_FOUND,
  type EventCreateInput,
  type EventUpdateInput,
} from '#shared/calendar';
import type { Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/errors';
import { deleteEventsAndRemember } from './deletions';
import { attendeesOf } from './meetings';
import { presentEvent } from './presenter';
import { calendarEvents } from './schema';

type EventCreate = Required<Pick<EventCreateInput, 'title' | 'startTime' | 'endTime'>> &
  Omit<EventCreateInput, 'title' | 'startTime' | 'endTime'>;

/** Only the owner sees an event: someone else's id answers like an unknown one. */
const owned = (userId: string, eventId: string) =>
  and(eq(calendarEvents.id, eventId), eq(calendarEvents.userId, userId));

export async function listEvents(db: Db, userId: string): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(calendarEvents)
    .where(eq(calendarEvents.userId, userId))
    .orderBy(asc(calendarEvents.startTime), asc(calendarEvents.id));
  const attendees = await attendeesOf(db, rows);
  return rows.map((row) => presentEvent(row, attendees.get(row.meetingId ?? '')));
}

export async function createEvent(
  db: Db,
  userId: string,
  input: EventCreate,
): Promise<CalendarEvent> {
  const [row] = await db
    .insert(calendarEvents)
    .values({
      userId,
      title: input.title,
      description: input.description ?? null,
      startTime: new Date(input.startTime),
      endTime: new Date(input.endTime),
      location: input.location ?? null,
      allDay: input.allDay ?? false,
    })
    .returning();
  return presentEvent(row!);
}

/**
 * A partial update: the end-after-start rule is checked against the stored other half too,
 * in the statement itself, so two concurrent half-updates cannot leave it broken.
 */
export async function updateEvent(
  db: Db,
  userId: string,
  eventId: string,
  input: EventUpdateInput,
): Promise<CalendarEvent> {
  const set: Partial<typeof calendarEvents.$inferInsert> = { updatedAt: new Date() };
  if (input.title !== undefined) set.title = input.title;
  if (input.description !== undefined) set.description = input.description ?? null;
  if (input.location !== undefined) set.location = input.location ?? null;
  if (input.allDay !== undefined) set.allDay = input.allDay;
  if (input.startTime !== undefined) set.startTime = new Date(input.startTime);
  if (input.endTime !== undefined) set.endTime = new Date(input.endTime);
  const at = (value: Date | undefined, column: typeof calendarEvents.startTime) =>
    value ? sql`${value.toISOString()}::timestamptz` : sql`${column}`;
  const start = at(set.startTime, calendarEvents.startTime);
  const end = at(set.endTime, calendarEvents.endTime);
  const [row] = await db
    .update(calendarEvents)
    .set(set)
    .where(and(owned(userId, eventId), sql`${end} >= ${start}`))
    .returning();
  if (row) return presentEvent(row);
  const [exists] = await db
    .select({ id: calendarEvents.id })
    .from(calendarEvents)
    .where(owned(userId, eventId));
  if (!exists) throw notFound(EVENT_NOT_FOUND);
  throw badRequest('La fin doit être après le début', {
    endTime: ['La fin doit être après le début'],
  });
}

/** A synced event's remote copy is deleted at the next sync (deletions.ts). */
export async function deleteEvent(db: Db, userId: string, eventId: string): Promise<void> {
  const deleted = await deleteEventsAndRemember(db, owned(userId, eventId));
  if (deleted.length === 0) throw notFound(EVENT_NOT_FOUND);
}

/** The user has read the version a sync replaced: the note goes, the event stays as it is. */
export async function clearReplacedVersion(db: Db, userId: string, eventId: string) {
  const cleared = await db
    .update(calendarEvents)
    .set({ replacedVersion: null })
    .where(owned(userId, eventId))
    .returning({ id: calendarEvents.id });
  if (cleared.length === 0) throw notFound(EVENT_NOT_FOUND);
}
