import {
  addDays,
  differenceInCalendarDays,
  format,
  isSameWeek,
  isSameYear,
  startOfDay,
} from 'date-fns';
import { fr } from 'date-fns/locale';
import type { CalendarEvent } from '#shared/calendar';

type Timed = Pick<CalendarEvent, 'startTime' | 'endTime' | 'allDay'>;

/**
 * All-day events are stored as UTC midnights (as iCalendar DATE values are): their day is
 * the UTC date, shown as the same date wherever the reader is.
 */
const utcDay = (iso: string) => {
  const d = new Date(iso);
  return new Date(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
};

/** The local day an event starts on. */
export const startDayOf = (event: Timed): Date =>
  event.allDay ? utcDay(event.startTime) : startOfDay(new Date(event.startTime));

/** The local day an event ends on (an all-day end is exclusive: the next midnight). */
export function endDayOf(event: Timed): Date {
  if (event.allDay) return addDays(utcDay(event.endTime), -1);
  const end = new Date(event.endTime);
  // An event ending at midnight ends on the day before.
  return startOfDay(end.getTime() > new Date(event.startTime).getTime() ? end.getTime() - 1 : end);
}

export type DayLabel =
  | { kind: 'today' }
  | { kind: 'tomorrow' }
  | { kind: 'weekday' | 'dayMonth' | 'fullDate'; text: string };

/**
 * docs/product.md §2: today, tomorrow, the weekday within the current week (weeks start on
 * Monday in France), day and month within the current year, otherwise the full date.
 */
export function dayLabel(day: Date, now = new Date()): DayLabel {
  const diff = differenceInCalendarDays(day, now);
  if (diff === 0) return { kind: 'today' };
  if (diff === 1) return { kind: 'tomorrow' };
  if (isSameWeek(day, now, { weekStartsOn: 1 })) {
    return { kind: 'weekday', text: format(day, 'EEEE', { locale: fr }) };
  }
  if (isSameYear(day, now))
    return { kind: 'dayMonth', text: format(day, 'd MMMM', { locale: fr }) };
  return { kind: 'fullDate', text: format(day, 'd MMMM yyyy', { locale: fr }) };
}

/** "09:00 – 10:00", or null for an all-day event (the card says "toute la journée"). */
export function timeRange(event: Timed): string | null {
  if (event.allDay) return null;
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  const sameDay = differenceInCalendarDays(end, start) === 0;
  const endText = sameDay ? format(end, 'HH:mm') : format(end, 'd MMM HH:mm', { locale: fr });
  return `${format(start, 'HH:mm')} – ${endText}`;
}

export type EventTab = 'all' | 'upcoming' | 'past';

/** Whether the event is over and did not take place today (docs/product.md §4 event filter). */
export function isPast(event: Timed, now = new Date()): boolean {
  const today = startOfDay(now);
  if (endDayOf(event) >= today) return false;
  return event.allDay ? true : new Date(event.endTime) < now;
}

/** docs/product.md §4: Upcoming is not past or today; Past is past and not today. Start order. */
export function filterEvents<T extends Timed>(events: T[], tab: EventTab, now = new Date()): T[] {
  const byStart = [...events].sort(
    (a, b) =>
      startDayOf(a).getTime() - startDayOf(b).getTime() || a.startTime.localeCompare(b.startTime),
  );
  if (tab === 'all') return byStart;
  return byStart.filter((e) => isPast(e, now) === (tab === 'past'));
}

/** Whether an event covers a given local day (the month view). */
export function coversDay(event: Timed, day: Date): boolean {
  return startDayOf(event) <= day && day <= endDayOf(event);
}
