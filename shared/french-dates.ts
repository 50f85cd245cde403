import { TZDate } from '@date-fns/tz';
import type { ParsedResult, ParsingContext, ParsingResult } from 'chrono-node';
import * as chronoFr from 'chrono-node/fr';
import { DEFAULT_TIME_ZONE } from './time-zone';

export { DEFAULT_TIME_ZONE };

/**
 * French dates and times in text (docs/product.md, "Rappels et envois programmés"): chrono-node's
 * French parser, read in the user's time zone, with two refinements of ours:
 * - « 9 h », « 14 h 30 » (a space before the h, as French typography writes it) complete the
 *   time chrono read as « 9 » or « à 14 »;
 * - a day without a time (« vendredi », « 12 mars ») means 9:00, not chrono's noon, unless the
 *   phrase is relative (« dans 3 jours » keeps the present time).
 */

/** The hour a day without a time stands for. */
export const DEFAULT_HOUR = 9;

export interface FoundDate {
  /** The instant meant. */
  at: Date;
  /** The words that said it, as written, and where they start in the text. */
  text: string;
  index: number;
  /** Whether a time of day was said (« jeudi 15h »), not only a day (« 12 mars »). */
  hasTime: boolean;
}

const SPACED_HOUR = /^\s*h(?:\s*(\d{2}))?(?=[^\p{L}\p{N}]|$)/u;

const parser = chronoFr.casual.clone();
parser.refiners.push({
  refine(context: ParsingContext, results: ParsingResult[]): ParsingResult[] {
    for (const result of results) {
      if (!result.start.isCertain('hour')) continue;
      const after = context.text.slice(result.index + result.text.length);
      const match = SPACED_HOUR.exec(after);
      if (!match) continue;
      result.text += match[0];
      if (match[1]) result.start.assign('minute', Number(match[1]));
    }
    return results;
  },
});

/** A valid IANA zone, else the default. */
export function safeTimeZone(zone: string | null | undefined): string {
  if (!zone) return DEFAULT_TIME_ZONE;
  try {
    new Intl.DateTimeFormat('fr-FR', { timeZone: zone });
    return zone;
  } catch {
    return DEFAULT_TIME_ZONE;
  }
}

/** The wall clock of `zone` at `now`, as a Date in the process's own zone (what chrono reads). */
function wallClock(now: Date, zone: string): Date {
  const z = new TZDate(now.getTime(), zone);
  return new Date(
    z.getFullYear(),
    z.getMonth(),
    z.getDate(),
    z.getHours(),
    z.getMinutes(),
    z.getSeconds(),
  );
}

function toInstant(result: ParsedResult, zone: string): { at: Date; hasTime: boolean } {
  const start = result.start;
  const hasTime = start.isCertain('hour');
  const relative = /\bdans\b/i.test(result.text);
  const hour = !hasTime && !relative ? DEFAULT_HOUR : (start.get('hour') ?? DEFAULT_HOUR);
  const minute = !hasTime && !relative ? 0 : (start.get('minute') ?? 0);
  const at = new TZDate(
    start.get('year') ?? 1970,
    (start.get('month') ?? 1) - 1,
    start.get('day') ?? 1,
    hour,
    minute,
    0,
    zone,
  );
  return { at: new Date(at.getTime()), hasTime: hasTime || relative };
}

/** Every date said in `text`, in order, read at `now` in `timeZone` (future dates preferred). */
export function findFrenchDates(
  text: string,
  options: { now?: Date; timeZone?: string | null } = {},
): FoundDate[] {
  const zone = safeTimeZone(options.timeZone);
  const now = options.now ?? new Date();
  return parser
    .parse(text, wallClock(now, zone), { forwardDate: true })
    .map((result) => ({ ...toInstant(result, zone), text: result.text, index: result.index }));
}

/** The first date said in `text`, or null. */
export function findFrenchDate(
  text: string,
  options: { now?: Date; timeZone?: string | null } = {},
): FoundDate | null {
  return findFrenchDates(text, options)[0] ?? null;
}

/**
 * « demain 9h appeler Paul » → the time said at its start, and what remains (« appeler Paul »):
 * `/rappel <quand> <quoi>`. Null when the text does not start with a date.
 */
export function splitLeadingDate(
  text: string,
  options: { now?: Date; timeZone?: string | null } = {},
): { at: Date; rest: string } | null {
  const trimmed = text.trim();
  const found = findFrenchDate(trimmed, options);
  if (!found) return null;
  // A leading « le », « à », « pour » may stand before the words chrono kept.
  const before = trimmed.slice(0, found.index).trim();
  if (before && !/^(le|à|a|pour|pour le|au|d’ici|d'ici)$/i.test(before)) return null;
  const rest = trimmed
    .slice(found.index + found.text.length)
    .replace(/^[\s,:–—-]+/u, '')
    .trim();
  return { at: found.at, rest };
}
