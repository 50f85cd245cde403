import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { CalendarEvent, EventAttendee, EventCreateInput } from '#shared/calendar';
import { slotLabel } from '#shared/calendar-slots';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { requireMember } from '../channels/access';
import { requireWritableChannel } from '../channels/administration';
import type { Deps } from '../deps';
import { sendMessage } from '../messages/send';
import { getTimeZone } from '../reminders/service';
import type { CalendarDeps } from './connections';
import { meetingPeople } from './meeting-people';
import { type EventRow, presentEvent } from './presenter';
import { calendarConnections, calendarEvents } from './schema';
import { syncConnection } from './sync';

type MeetingInput = Pick<
  EventCreateInput,
  'title' | 'description' | 'location' | 'allDay' | 'attendeeIds' | 'channelId'
> & { startTime: string; endTime: string };

/** Markdown's own characters in a title are text, not formatting (the title is the link's text). */
const escapeMarkdown = (text: string) => text.replace(/[\\`*_[\]<>#|~]/g, (c) => `\\${c}`);

/** « 📅 [Réunion — jeudi 12 mars, 14 h – 14 h 30](/calendar?meeting=…) », on the organizer's clock. */
function announcement(meetingId: string, title: string, start: Date, end: Date, zone: string) {
  const when = slotLabel(start, end, zone);
  return `📅 [${escapeMarkdown(title)} — ${when}](/calendar?meeting=${meetingId})`;
}

/**
 * POST /api/calendar/events with attendees or a conversation (docs/calendar.md, "Meetings"):
 * one copy of the event on each person's calendar, sharing the organizer's event id as their
 * meeting id, so each is exported by its owner's own connections like any event of theirs;
 * then, with `channelId`, the message that announces it there. The copies are one statement;
 * a message that cannot be sent after the checks (the channel archived meanwhile) takes them
 * back, so a failed request leaves nothing.
 */
export async function createMeeting(
  deps: Deps & CalendarDeps,
  organizerId: string,
  input: MeetingInput,
): Promise<CalendarEvent> {
  if (input.channelId) {
    await requireMember(deps.db, input.channelId, organizerId);
    await requireWritableChannel(deps.db, input.channelId);
  }
  const people = await meetingPeople(deps.db, organizerId, input.attendeeIds ?? []);
  const meetingId = randomUUID();
  const shared = {
    title: input.title,
    description: input.description ?? null,
    location: input.location ?? null,
    startTime: new Date(input.startTime),
    endTime: new Date(input.endTime),
    allDay: input.allDay ?? false,
    meetingId: people.length > 1 ? meetingId : null,
  };
  const rows = await deps.db
    .insert(calendarEvents)
    .values(
      people.map((p, i) => ({ ...shared, userId: p.userId, id: i === 0 ? meetingId : undefined })),
    )
    .returning();
  if (input.channelId) {
    const zone = (await getTimeZone(deps.db, organizerId)).timeZone;
    const content = announcement(meetingId, input.title, shared.startTime, shared.endTime, zone);
    try {
      await sendMessage(deps, { id: organizerId }, input.channelId, {
        content,
        attachments: [],
        clientId: `meeting:${meetingId}`,
        parentMessageId: null,
        mentions: [],
      });
    } catch (err) {
      await deps.db.delete(calendarEvents).where(
        inArray(
          calendarEvents.id,
          rows.map((r) => r.id),
        ),
      );
      throw err;
    }
  }
  exportSoon(
    deps,
    people.map((p) => p.userId),
  );
  const organizer = rows.find((r) => r.id === meetingId)!;
  return presentEvent(organizer, shared.meetingId ? people : []);
}

/**
 * The people's connections that export take the new copies now rather than at their next
 * background sync; off the request, one sync per connection as always (its lease), a failure
 * recorded on the connection by syncConnection.
 */
function exportSoon(deps: CalendarDeps, userIds: string[]): void {
  void (async () => {
    const due = await deps.db
      .select({ id: calendarConnections.id, userId: calendarConnections.userId })
      .from(calendarConnections)
      .where(
        and(
          inArray(calendarConnections.userId, userIds),
          eq(calendarConnections.isActive, true),
          eq(calendarConnections.status, 'connected'),
          isNotNull(calendarConnections.calendarId),
          inArray(calendarConnections.syncDirection, ['export', 'bidirectional']),
        ),
      );
    for (const connection of due) {
      await syncConnection(deps, connection.userId, connection.id).catch(() => {
        // Busy (another sync has it: it exports the copy too) or failed (recorded): nothing more.
      });
    }
  })().catch((err: unknown) => deps.log.warn({ err }, 'meeting export failed to start'));
}

/** The people of each meeting among `rows`, the organizer (whose event id it is) first. */
export async function attendeesOf(
  db: Db,
  rows: readonly EventRow[],
): Promise<Map<string, EventAttendee[]>> {
  const meetingIds = [...new Set(rows.flatMap((r) => (r.meetingId ? [r.meetingId] : [])))];
  if (meetingIds.length === 0) return new Map();
  const found = await db
    .select({
      meetingId: calendarEvents.meetingId,
      userId: calendarEvents.userId,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      deactivatedAt: users.deactivatedAt,
    })
    .from(calendarEvents)
    .innerJoin(users, eq(users.id, calendarEvents.userId))
    .where(inArray(calendarEvents.meetingId, meetingIds))
    .orderBy(
      sql`${calendarEvents.id} <> ${calendarEvents.meetingId}`,
      asc(users.displayName),
      asc(calendarEvents.userId),
    );
  const out = new Map<string, EventAttendee[]>();
  for (const row of found) {
    const name = userDisplayName({ ...row, deactivated: row.deactivatedAt ? true : undefined });
    const list = out.get(row.meetingId!) ?? [];
    list.push({ userId: row.userId, displayName: name ?? '' });
    out.set(row.meetingId!, list);
  }
  return out;
}
