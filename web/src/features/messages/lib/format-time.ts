import { differenceInSeconds, isSameYear, isToday, isYesterday } from 'date-fns';
import { fr } from 'date-fns/locale';

type Translate = (key: string) => string;

// Written out with the French locale's own words rather than date-fns's format() and
// formatDistanceToNowStrict(): they bring every pattern and their default English locale into
// the channel view's first load (bundle-budget.test.ts) for the few uses below. Same output as
// format() and formatDistanceToNowStrict() with `fr`.
const pad = (n: number) => String(n).padStart(2, '0');
const monthName = (date: Date, width: 'abbreviated' | 'wide') =>
  fr.localize.month(date.getMonth() as 0, { width, context: 'formatting' });

/** distanceToNowWithinDay(date) within a day (today). */
function distanceToNowWithinDay(date: Date): string {
  const now = Date.now();
  const comparison = date.getTime() > now ? 1 : date.getTime() < now ? -1 : 0;
  const milliseconds = Math.abs(now - date.getTime());
  const minutes = milliseconds / 60_000;
  const round = (n: number) => Math.round(n) || 0;
  const options = { addSuffix: true, comparison } as const;
  if (minutes < 1) return fr.formatDistance('xSeconds', round(milliseconds / 1000), options);
  if (minutes < 60) return fr.formatDistance('xMinutes', round(minutes), options);
  return fr.formatDistance('xHours', round(minutes / 60), options);
}

/** docs/product.md §9: the displayed full date format. */
export const fullDateTime = (date: Date): string =>
  `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${timeOfDay(date)}`;

export const timeOfDay = (date: Date): string =>
  `${pad(date.getHours())}:${pad(date.getMinutes())}`;

/**
 * French relative time: "à l'instant", "il y a 5 minutes" today, "Hier à 14:32",
 * "12 mars à 09:05" this year, and the full date before that.
 */
export function relativeTime(date: Date, t: Translate, now: Date = new Date()): string {
  if (differenceInSeconds(now, date) < 45) return t('messages.justNow');
  if (isToday(date)) return distanceToNowWithinDay(date);
  if (isYesterday(date)) return `${t('messages.yesterday')} à ${timeOfDay(date)}`;
  if (isSameYear(date, now))
    return `${date.getDate()} ${monthName(date, 'abbreviated')} à ${timeOfDay(date)}`;
  return fullDateTime(date);
}

/** The day separator's label: "Aujourd'hui", "Hier", else "Lundi 12 janvier 2026". */
export function dayLabel(date: Date, t: Translate): string {
  if (isToday(date)) return t('messages.today');
  if (isYesterday(date)) return t('messages.yesterday');
  const weekday = fr.localize.day(date.getDay() as 0, { width: 'wide', context: 'formatting' });
  const label = `${weekday} ${date.getDate()} ${monthName(date, 'wide')} ${date.getFullYear()}`;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
