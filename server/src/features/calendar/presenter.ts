import type {
  CalendarConnection,
  CalendarEvent,
  CalendarProvider,
  ConnectionStatus,
  EventAttendee,
  SyncDirection,
} from '#shared/calendar';
import type { calendarConnections, calendarEvents } from './schema';

export type EventRow = typeof calendarEvents.$inferSelect;
export type ConnectionRow = typeof calendarConnections.$inferSelect;

/** `attendees`: a meeting's people (meetings.ts, attendeesOf); none for one person's own event. */
export function presentEvent(row: EventRow, attendees: EventAttendee[] = []): CalendarEvent {
  return {
    id: row.id,
    userId: row.userId,
    title: row.title,
    description: row.description,
    startTime: row.startTime.toISOString(),
    endTime: row.endTime.toISOString(),
    location: row.location,
    allDay: row.allDay,
    taskId: row.taskId,
    // A task's event carries the task's title (task-events.ts keeps them equal).
    task: row.taskId ? { id: row.taskId, title: row.title } : null,
    replacedVersion: row.replacedVersion ?? null,
    externalId: row.externalId,
    externalSource: row.externalSource as CalendarProvider | null,
    googleEventId: row.googleEventId,
    connectionId: row.connectionId,
    meetingId: row.meetingId,
    attendees: row.meetingId ? attendees : [],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Never the tokens, the OAuth state or the sync cursor: those stay on the server. */
export function presentConnection(row: ConnectionRow): CalendarConnection {
  return {
    id: row.id,
    userId: row.userId,
    provider: row.provider as CalendarProvider,
    calendarId: row.calendarId,
    calendarName: row.calendarName,
    isActive: row.isActive,
    lastSyncAt: row.lastSyncAt?.toISOString() ?? null,
    syncDirection: row.syncDirection as SyncDirection,
    status: row.status as ConnectionStatus,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
  };
}
