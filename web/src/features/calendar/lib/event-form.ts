import { addDays, format } from 'date-fns';
import {
  type CalendarEvent,
  DEFAULT_EVENT_END,
  DEFAULT_EVENT_START,
  type EventCreateInput,
} from '#shared/calendar';
import { endDayOf, startDayOf } from './event-dates';

/** What the dialog edits: dates as yyyy-MM-dd, times as HH:mm (docs/product.md §9 format). */
export interface EventFormValues {
  title: string;
  description: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  location: string;
  allDay: boolean;
}

const ymd = (d: Date) => format(d, 'yyyy-MM-dd');

/** A new event on `day` (today by default), 09:00 to 10:00 (docs/product.md §9). */
export const emptyEventForm = (day = new Date()): EventFormValues => ({
  title: '',
  description: '',
  startDate: ymd(day),
  startTime: DEFAULT_EVENT_START,
  endDate: ymd(day),
  endTime: DEFAULT_EVENT_END,
  location: '',
  allDay: false,
});

export function eventToForm(event: CalendarEvent): EventFormValues {
  const start = new Date(event.startTime);
  const end = new Date(event.endTime);
  return {
    title: event.title,
    description: event.description ?? '',
    startDate: ymd(startDayOf(event)),
    startTime: event.allDay ? DEFAULT_EVENT_START : format(start, 'HH:mm'),
    endDate: ymd(event.allDay ? endDayOf(event) : end),
    endTime: event.allDay ? DEFAULT_EVENT_END : format(end, 'HH:mm'),
    location: event.location ?? '',
    allDay: event.allDay,
  };
}

/** docs/product.md §5: title, start and end must be non-empty, else submit stays disabled. */
export const canSubmit = (v: EventFormValues): boolean =>
  v.title.trim() !== '' &&
  v.startDate !== '' &&
  v.endDate !== '' &&
  (v.allDay || (v.startTime !== '' && v.endTime !== ''));

/**
 * The request body: a timed event in the reader's time zone, an all-day one as UTC
 * midnights with an exclusive end (iCalendar's convention); empty description and location
 * are left out (docs/product.md §5).
 */
export function formToInput(v: EventFormValues): EventCreateInput {
  const startTime = v.allDay
    ? `${v.startDate}T00:00:00.000Z`
    : new Date(`${v.startDate}T${v.startTime}`).toISOString();
  const endTime = v.allDay
    ? `${ymd(addDays(new Date(`${v.endDate}T00:00`), 1))}T00:00:00.000Z`
    : new Date(`${v.endDate}T${v.endTime}`).toISOString();
  const description = v.description.trim();
  const location = v.location.trim();
  return {
    title: v.title.trim(),
    startTime,
    endTime,
    allDay: v.allDay,
    ...(description ? { description } : {}),
    ...(location ? { location } : {}),
  };
}

/** Whether the end comes before the start (the server refuses it; the dialog says so first). */
export function endsBeforeStart(v: EventFormValues): boolean {
  if (!canSubmit(v)) return false;
  const input = formToInput(v);
  return Date.parse(input.endTime) < Date.parse(input.startTime);
}
