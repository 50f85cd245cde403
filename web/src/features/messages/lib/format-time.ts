import { differenceInSeconds, isSameYear, isToday, isYesterday } from 'date-fns';

type Translate = (key: string) => string;

// Written out with the browser's own French (Intl) rather than date-fns's format(),
// formatDistanceToNowStrict() and French locale: they bring every pattern, and the locale its
// parsing tables, into the channel view's first load (bundle-budget.test.ts) for the few uses
// below. Same output as format() and formatDistanceToNowStrict() with date-fns's `fr`
// (format-time.test.ts compares them day by day).
const pad = (n: number) => String(n).padStart(2, '0');
const months = {
  abbreviated: new Intl.DateTimeFormat('fr-FR', { month: 'short' }),
  wide: new Intl.DateTimeFormat('fr-FR', { month: 'long' }),
};
const weekdays = new Intl.DateTimeFormat('fr-FR', { weekday: 'long' });
const distances = new Intl.RelativeTimeFormat('fr-FR', { numeric: 'always' });
const monthName = (date: Date, width: keyof typeof months) => months[width].format(date);

/** distanceToNowWithinDay(date) within a day (today). */
function distanceToNowWithinDay(date: Date): string {
  const elapsed = date.getTime() - Date.now();
  const minutes = Math.abs(elapsed) / 60_000;
  // To the nearest, as date-fns does (5 min 40 s ago is « il y a 6 minutes »), past or future.
  const round = (n: number) => Math.sign(elapsed) * (Math.round(n) || 0);
  if (minutes < 1) return distances.format(round(Math.abs(elapsed) / 1000), 'second');
  if (minutes < 60) return distances.format(round(minutes), 'minute');
  return distances.format(round(minutes / 60), 'hour');
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
  const weekday = weekdays.format(date);
  const label = `${weekday} ${date.getDate()} ${monthName(date, 'wide')} ${date.getFullYear()}`;
  return label.charAt(0).toUpperCase() + label.slice(1);
}
