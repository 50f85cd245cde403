import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import {
  SLOT_PROPOSALS,
  SLOT_STEP_MINUTES,
  type SlotSearchInput,
  type SlotSearchResult,
} from '#shared/calendar-slots';
import type { Db } from '../../db/client';
import { requireMember } from '../channels/access';
import { meetingPeople } from './meeting-people';
import { calendarEvents } from './schema';
import { findSlots, type Interval } from './slots';
import { workingTimeOf } from './working-time';

const MINUTE_MS = 60_000;

/**
 * When the people are taken, from what Ruche holds: their own events and those their
 * connections imported. Only the instants are read — never a title, a place or whose event
 * it is — so nothing of another person's calendar can reach the answer. All-day events (a
 * task's due date, a birthday) do not take the day.
 */
async function busyTimes(db: Db, userIds: string[], from: Date, to: Date): Promise<Interval[]> {
  const rows = await db
    .select({ start: calendarEvents.startTime, end: calendarEvents.endTime })
    .from(calendarEvents)
    .where(
      and(
        inArray(calendarEvents.userId, userIds),
        eq(calendarEvents.allDay, false),
        isNull(calendarEvents.taskId),
        lt(calendarEvents.startTime, to),
        gt(calendarEvents.endTime, from),
      ),
    );
  return rows.map((row) => ({ start: row.start.getTime(), end: row.end.getTime() }));
}

/**
 * POST /api/calendar/slots (docs/calendar.md, "Finding a slot"): the first free slots of the
 * duration, in the range and not before now, for the caller and the people asked.
 */
export async function findFreeSlots(
  db: Db,
  callerId: string,
  input: SlotSearchInput,
  now: Date = new Date(),
): Promise<SlotSearchResult> {
  if (input.channelId) await requireMember(db, input.channelId, callerId);
  const people = await meetingPeople(db, callerId, input.userIds);
  const from = new Date(Math.max(Date.parse(input.from), now.getTime()));
  const to = new Date(input.to);
  if (to <= from) return { slots: [], people };
  const ids = people.map((p) => p.userId);
  const [working, busy] = await Promise.all([
    Promise.all(ids.map((id) => workingTimeOf(db, id, from, to))),
    busyTimes(db, ids, from, to),
  ]);
  const slots = findSlots({
    working: working.map((spans) =>
      spans.map((s) => ({ start: s.start.getTime(), end: s.end.getTime() })),
    ),
    busy,
    range: { start: from.getTime(), end: to.getTime() },
    durationMs: input.durationMinutes * MINUTE_MS,
    stepMs: SLOT_STEP_MINUTES * MINUTE_MS,
    count: SLOT_PROPOSALS,
  });
  return {
    slots: slots.map((s) => ({
      start: new Date(s.start).toISOString(),
      end: new Date(s.end).toISOString(),
    })),
    people,
  };
}
