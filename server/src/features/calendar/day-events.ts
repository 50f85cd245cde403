import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { CalendarProvider } from '#shared/calendar';
import type { Db } from '../../db/client';
import { calendarEvents } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;

/** One day of a person's calendar: its date and the instants it spans in their zone. */
export interface CalendarDay {
  /** YYYY-MM-DD: all-day events are stored from that date's midnight UTC (task-events.ts). */
  date: string;
  from: Date;
  to: Date;
}

export interface DayEvent {
  id: string;
  title: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  location: string | null;
  /** The synced calendar it comes from, or null for Ruche's own. */
  externalSource: CalendarProvider | null;
}

/**
 * The person's own and synced events that meet the day — all-day ones first, then by start
 * — at most `limit`, and how many there are in all (« Ma journée »). A task's due date (the
 * event task-events.ts keeps) is left out: the task itself is listed where it can be done.
 */
export async function listEventsOfDay(
  db: Db,
  userId: string,
  day: CalendarDay,
  limit: number,
): Promise<{ events: DayEvent[]; total: number }> {
  const dateStart = new Date(`${day.date}T00:00:00Z`);
  const dateEnd = new Date(dateStart.getTime() + DAY_MS);
  const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const meets = sql`case when ${calendarEvents.allDay}
      then ${calendarEvents.startTime} < ${iso(dateEnd)} and ${calendarEvents.endTime} > ${iso(dateStart)}
      else ${calendarEvents.startTime} < ${iso(day.to)}
        and (${calendarEvents.endTime} > ${iso(day.from)} or ${calendarEvents.startTime} = ${iso(day.from)})
      end`;
  const rows = await db
    .select({
      id: calendarEvents.id,
      title: calendarEvents.title,
      startTime: calendarEvents.startTime,
      endTime: calendarEvents.endTime,
      allDay: calendarEvents.allDay,
      location: calendarEvents.location,
      externalSource: calendarEvents.externalSource,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.userId, userId), isNull(calendarEvents.taskId), meets))
    .orderBy(desc(calendarEvents.allDay), asc(calendarEvents.startTime), asc(calendarEvents.id))
    .limit(limit);
  return {
    events: rows.map(({ total: _total, ...r }) => ({
      ...r,
      startTime: r.startTime.toISOString(),
      endTime: r.endTime.toISOString(),
      externalSource: r.externalSource as CalendarProvider | null,
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
