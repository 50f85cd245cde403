import { format } from 'date-fns';
import { fr } from 'date-fns/locale';

/** « jeu. 3 déc. à 15:00 », in the browser's zone. */
export function formatWhen(at: Date | string): string {
  return format(new Date(at), "EEE d MMM 'à' HH:mm", { locale: fr });
}

/** « jeu. 3 déc. » (a day without a time). */
export function formatDay(at: Date | string): string {
  return format(new Date(at), 'EEE d MMM', { locale: fr });
}

/** The value of an `<input type="datetime-local">` for a date, in the browser's zone. */
export function toLocalInput(at: Date): string {
  return format(at, "yyyy-MM-dd'T'HH:mm");
}
