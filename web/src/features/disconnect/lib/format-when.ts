/**
 * When someone will be notified, in words (docs/product.md, « Droit à la déconnexion »):
 * « aujourd’hui à 14 h », « demain à 9 h », « lundi à 9 h » within the week, « le 12 mars à 9 h »
 * beyond it — read in the sender's zone (the browser's), with Intl's French names.
 */

interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

function zonedParts(at: Date, timeZone: string | undefined): ZonedParts {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour'),
    minute: part('minute'),
  };
}

/** Calendar days from `from` to `to` in the zone (0: the same day, 1: the next…). */
const dayNumber = (p: ZonedParts) => Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;

/** « 9 h », « 9 h 30 » (French time of day). */
export function hourText(p: Pick<ZonedParts, 'hour' | 'minute'>): string {
  return p.minute === 0
    ? `${p.hour}\u00a0h`
    : `${p.hour}\u00a0h\u00a0${String(p.minute).padStart(2, '0')}`;
}

export interface WhenWords {
  /** « demain », « lundi », « le 12 mars » (« le 12 mars 2027 » another year). */
  day: string;
  /** « 9 h », « 9 h 30 ». */
  time: string;
  /** Which of the catalogue's forms: today, tomorrow, a weekday or a date. */
  kind: 'today' | 'tomorrow' | 'weekday' | 'date';
}

/** The day and time of `at` as a French sentence says them, seen from `now`. */
export function whenWords(at: Date, now: Date = new Date(), timeZone?: string): WhenWords {
  const target = zonedParts(at, timeZone);
  const today = zonedParts(now, timeZone);
  const days = dayNumber(target) - dayNumber(today);
  const time = hourText(target);
  if (days <= 0) return { kind: 'today', day: '', time };
  if (days === 1) return { kind: 'tomorrow', day: '', time };
  if (days < 7) {
    const weekday = new Intl.DateTimeFormat('fr-FR', { timeZone, weekday: 'long' }).format(at);
    return { kind: 'weekday', day: weekday, time };
  }
  const date = new Intl.DateTimeFormat('fr-FR', {
    timeZone,
    day: 'numeric',
    month: 'long',
    ...(target.year !== today.year ? { year: 'numeric' } : {}),
  }).format(at);
  // « le 1er mars »: French writes the first of the month as an ordinal.
  return { kind: 'date', day: target.day === 1 ? date.replace(/^1(?=\s)/, '1er') : date, time };
}
