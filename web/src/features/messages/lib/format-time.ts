import {
  differenceInSeconds,
  format,
  formatDistanceToNowStrict,
  isSameYear,
  isToday,
  isYesterday,
} from 'date-fns';
import { fr } from 'date-fns/locale';

type Translate = (key: string) => string;

/** docs/product.md §9: the displayed full date format. */
export const fullDateTime = (date: Date): string => format(date, 'dd/MM/yyyy HH:mm');

export const timeOfDay = (date: Date): string => format(date, 'HH:mm');

/**
 * French relative time: "à l'instant", "il y a 5 minutes" today, "Hier à 14:32",
 * "12 mars à 09:05" this year, and the full date before that.
 */
export function relativeTime(date: Date, t: Translate, now: Date = new Date()): string {
  if (differenceInSeconds(now, date) < 45) return t('messages.justNow');
  if (isToday(date)) return formatDistanceToNowStrict(date, { addSuffix: true, locale: fr });
  if (isYesterday(date)) return `${t('messages.yesterday')} à ${timeOfDay(date)}`;
  if (isSameYear(date, now)) return format(date, "d MMM 'à' HH:mm", { locale: fr });
  return fullDateTime(date);
}

/** The day separator's label: "Aujourd'hui", "Hier", else "Lundi 12 janvier 2026". */
export function dayLabel(date: Date, t: Translate): string {
  if (isToday(date)) return t('messages.today');
  if (isYesterday(date)) return t('messages.yesterday');
  const label = format(date, 'EEEE d MMMM yyyy', { locale: fr });
  return label.charAt(0).toUpperCase() + label.slice(1);
}
