import { format } from 'date-fns';
import { fr } from 'date-fns/locale';

/** Today as YYYY-MM-DD in the reader's zone: a due date is a calendar day, not an instant. */
export function todayIso(now = new Date()): string {
  return format(now, 'yyyy-MM-dd');
}

/** docs/product.md §2.7: the card shows the due date as a short month and day ("12 mars"). */
export function shortDueDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  return format(new Date(y ?? 1970, (m ?? 1) - 1, d ?? 1), 'd MMM', { locale: fr });
}

/** Overdue once the day has passed (the due day itself is not late). */
export const isOverdue = (day: string, today: string): boolean => day < today;
