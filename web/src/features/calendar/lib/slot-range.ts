import { addDays, addWeeks, parseISO, startOfDay, startOfWeek } from 'date-fns';
import { SLOT_RANGE_MAX_DAYS } from '#shared/calendar-slots';

export type SlotRangeChoice = 'thisWeek' | 'nextWeek' | 'custom';

export interface SlotRange {
  from: Date;
  to: Date;
}

/** yyyy-MM-dd on the browser's calendar. */
export const dayInput = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

/**
 * The period searched, on the browser's calendar: the rest of this week (from now), the whole
 * of next week (Monday to Sunday), or the days picked (both included). Null when the days
 * picked make no period (an end before the start) or one over 31 days.
 */
export function slotRange(
  choice: SlotRangeChoice,
  now: Date,
  custom: { from: string; to: string },
): SlotRange | null {
  const monday = startOfWeek(now, { weekStartsOn: 1 });
  if (choice === 'thisWeek') return { from: now, to: addWeeks(monday, 1) };
  if (choice === 'nextWeek') return { from: addWeeks(monday, 1), to: addWeeks(monday, 2) };
  if (!custom.from || !custom.to) return null;
  const from = startOfDay(parseISO(custom.from));
  const to = addDays(startOfDay(parseISO(custom.to)), 1);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to <= from) return null;
  const longest = SLOT_RANGE_MAX_DAYS * 24 * 60 * 60 * 1000;
  // 31 days of the calendar may be an hour more when the clocks go back: the server's limit.
  if (to.getTime() - from.getTime() > longest + 60 * 60 * 1000) return null;
  return { from, to: new Date(Math.min(to.getTime(), from.getTime() + longest)) };
}
