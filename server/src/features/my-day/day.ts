import { TZDate } from '@date-fns/tz';

/** The date (YYYY-MM-DD) it is at `at` in `zone`. */
export function dateIn(zone: string, at: Date = new Date()): string {
  const z = new TZDate(at.getTime(), zone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${z.getFullYear()}-${pad(z.getMonth() + 1)}-${pad(z.getDate())}`;
}

/** The instants a day spans in `zone`: its midnight to the next (23 or 25 hours at a change). */
export function dayBounds(date: string, zone: string): { date: string; from: Date; to: Date } {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const from = new Date(new TZDate(y, m - 1, d, 0, 0, 0, zone).getTime());
  const to = new Date(new TZDate(y, m - 1, d + 1, 0, 0, 0, zone).getTime());
  return { date, from, to };
}
