import joursFeries from '@socialgouv/jours-feries';

/**
 * French public holidays (métropole, without Alsace–Moselle's two more: docs/product.md,
 * « Droit à la déconnexion »), as YYYY-MM-DD, computed once a year by @socialgouv/jours-feries.
 * The library gives dates at local midnight of the process's zone: they are read back in that
 * same zone, so whatever it is the calendar day is the one meant.
 */
const years = new Map<number, ReadonlySet<string>>();

const pad = (n: number) => String(n).padStart(2, '0');

export function frenchHolidays(year: number): ReadonlySet<string> {
  let days = years.get(year);
  if (!days) {
    days = new Set(
      Object.values(joursFeries(year)).map(
        (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`,
      ),
    );
    years.set(year, days);
  }
  return days;
}

/** Whether `date` (YYYY-MM-DD) is a French public holiday. */
export function isFrenchHoliday(date: string): boolean {
  return frenchHolidays(Number(date.slice(0, 4))).has(date);
}
