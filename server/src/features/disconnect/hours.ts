import { TZDate } from '@date-fns/tz';
import {
  minutesOf,
  NEXT_WORKING_HORIZON_DAYS,
  type UnavailableReason,
  type WorkingDay,
} from '#shared/disconnect';
import { isFrenchHoliday } from './holidays';

/**
 * A person's working time as pure functions of their week, zone, holidays and time off
 * (docs/product.md, « Droit à la déconnexion »). Days are calendar days of the person's zone:
 * each interval is read as wall-clock times of its own day, so a DST change moves it with the
 * clock (9:00 stays 9:00) and a short or long night only shortens or lengthens the hours that
 * cross it.
 */

export interface Schedule {
  /** Seven days, Monday first. */
  days: readonly WorkingDay[];
  /** French public holidays are off. */
  holidays: boolean;
  timeZone: string;
  /** Days off, YYYY-MM-DD, both included. */
  timeOff: ReadonlyArray<{ start: string; end: string }>;
}

export interface Interval {
  start: Date;
  end: Date;
}

export interface AvailabilityAt {
  available: boolean;
  /** Null when available. */
  reason: UnavailableReason | null;
  /** The start of the next working period; null when available, or none within the horizon. */
  nextAvailableAt: Date | null;
}

/** A calendar day: year, month 1–12, day 1–31. */
interface Day {
  y: number;
  m: number;
  d: number;
}

/** The longest range workingIntervalsIn walks, in days (a guard, far above any caller's need). */
const RANGE_DAYS_MAX = 3_700;
const DAY_MS = 86_400_000;

const dayParts = new Map<string, Intl.DateTimeFormat>();

/** The calendar day `at` falls on in `zone`. */
function dayOf(at: Date, zone: string): Day {
  let format = dayParts.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayParts.set(zone, format);
  }
  const [y, m, d] = format.format(at).split('-').map(Number) as [number, number, number];
  return { y, m, d };
}

function addDays(day: Day, n: number): Day {
  const t = new Date(Date.UTC(day.y, day.m - 1, day.d) + n * DAY_MS);
  return { y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() };
}

const pad = (n: number) => String(n).padStart(2, '0');
const keyOf = (day: Day) => `${day.y}-${pad(day.m)}-${pad(day.d)}`;

/** ISO weekday: 1 Monday … 7 Sunday. */
function weekdayOf(day: Day): number {
  return new Date(Date.UTC(day.y, day.m - 1, day.d)).getUTCDay() || 7;
}

/** The instant of wall-clock `minutes` (0–1440) of `day` in `zone`; 1440 is the next midnight. */
function wallClock(day: Day, minutes: number, zone: string): Date {
  if (minutes >= 1440) return wallClock(addDays(day, 1), minutes - 1440, zone);
  const at = new TZDate(day.y, day.m - 1, day.d, Math.floor(minutes / 60), minutes % 60, zone);
  return new Date(at.getTime());
}

/** Why the whole of `day` is off, if it is: time off first, then a holiday, then the week. */
function dayOffReason(schedule: Schedule, day: Day): UnavailableReason | null {
  const key = keyOf(day);
  if (schedule.timeOff.some((t) => t.start <= key && key <= t.end)) return 'time-off';
  if (schedule.holidays && isFrenchHoliday(key)) return 'holiday';
  const week = schedule.days[weekdayOf(day) - 1];
  if (!week || 'off' in week) return 'day-off';
  return null;
}

/** The working interval of `day`, or null when the day is off. */
function intervalOf(schedule: Schedule, day: Day): Interval | null {
  if (dayOffReason(schedule, day)) return null;
  const week = schedule.days[weekdayOf(day) - 1];
  if (!week || 'off' in week) return null;
  const start = wallClock(day, minutesOf(week.start), schedule.timeZone);
  const end = wallClock(day, minutesOf(week.end), schedule.timeZone);
  // A start inside a DST gap can land on its end's hour: nothing left to work.
  return end > start ? { start, end } : null;
}

/** The working time between `from` and `to`, clipped to them, in order. */
export function workingIntervalsIn(schedule: Schedule, from: Date, to: Date): Interval[] {
  const out: Interval[] = [];
  let day = dayOf(from, schedule.timeZone);
  for (let i = 0; i < RANGE_DAYS_MAX; i++, day = addDays(day, 1)) {
    if (wallClock(day, 0, schedule.timeZone) >= to) break;
    const interval = intervalOf(schedule, day);
    if (!interval) continue;
    const start = interval.start < from ? from : interval.start;
    const end = interval.end > to ? to : interval.end;
    if (end > start) out.push({ start, end });
  }
  return out;
}

/**
 * The earliest instant at or after `after` that is working time: `after` itself while working,
 * else the start of the next working period. Null when none comes within
 * NEXT_WORKING_HORIZON_DAYS (then nothing should wait for it).
 */
export function nextWorkingStartAfter(schedule: Schedule, after: Date): Date | null {
  let day = dayOf(after, schedule.timeZone);
  for (let i = 0; i <= NEXT_WORKING_HORIZON_DAYS; i++, day = addDays(day, 1)) {
    const interval = intervalOf(schedule, day);
    if (interval && interval.end > after) return interval.start > after ? interval.start : after;
  }
  return null;
}

/** Whether `at` is working time, why not, and when it next is. */
export function availabilityAt(schedule: Schedule, at: Date): AvailabilityAt {
  const day = dayOf(at, schedule.timeZone);
  const reason = dayOffReason(schedule, day) ?? 'hours';
  const interval = intervalOf(schedule, day);
  if (interval && interval.start <= at && at < interval.end) {
    return { available: true, reason: null, nextAvailableAt: null };
  }
  return { available: false, reason, nextAvailableAt: nextWorkingStartAfter(schedule, at) };
}

/** Today in `zone`, YYYY-MM-DD (time off is written in the person's own days). */
export function localDate(at: Date, zone: string): string {
  return keyOf(dayOf(at, zone));
}
