import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './time-zone';

/**
 * The right to disconnect (docs/product.md, « Droit à la déconnexion »): each person's working
 * hours and time off, the instance's policy, and what the composer asks before sending.
 * Wire types, request schemas, limits and texts, shared by the server and the web app.
 */

/** ISO weekdays: 1 is Monday (lundi), 7 is Sunday (dimanche). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export type Weekday = (typeof WEEKDAYS)[number];

/** One day of a week: a single interval of the person's own zone, or a day off. */
export type WorkingDay =
  | { weekday: Weekday; start: string; end: string }
  | { weekday: Weekday; off: true };

/** What a week looks like: always seven days, Monday first, and whether public holidays are off. */
export interface WeekHours {
  days: WorkingDay[];
  /** French public holidays (métropole) count as days off. */
  holidays: boolean;
}

/** A stretch of days off, both dates included, in the person's zone. */
export interface TimeOff {
  id: string;
  /** YYYY-MM-DD */
  start: string;
  /** YYYY-MM-DD, included. */
  end: string;
  label?: string;
}

/** GET|PUT /api/me/working-hours */
export interface WorkingHours extends WeekHours {
  /** The person's zone (GET|PUT /api/me/time-zone), else the instance's. */
  timeZone: string;
  /** True while the person keeps the instance's default week (no week of their own). */
  usesDefault: boolean;
  /** Current and future time off, soonest first. */
  timeOff: TimeOff[];
}

/** GET|PUT /api/admin/disconnect-policy */
export interface DisconnectPolicy {
  /** Off: nothing is held, everyone is available. */
  enabled: boolean;
  /** The week of whoever set none. */
  defaultHours: WeekHours;
  /** The zone of whoever chose none. */
  defaultTimeZone: string;
  /** Whether a sender may mark a message urgent (it then notifies at once). */
  urgentAllowed: boolean;
}

/** Why someone is not available now. */
export type UnavailableReason = 'hours' | 'day-off' | 'holiday' | 'time-off';

/** POST /api/disconnect/availability: one person the caller shares a channel with. */
export interface Availability {
  userId: string;
  displayName: string | null;
  available: boolean;
  /** Null when available. */
  reason: UnavailableReason | null;
  /** ISO instant their next working period starts; null when available (or never). */
  nextAvailableAt: string | null;
}

export interface AvailabilityList {
  items: Availability[];
  /** The policy's urgentAllowed: whether the composer offers « Envoyer comme urgent ». */
  urgentAllowed: boolean;
}

/** GET /api/admin/disconnect-report?month=YYYY-MM: counts per channel, never contents. */
export interface DisconnectReportItem {
  channelId: string;
  channelName: string;
  urgentMessages: number;
  heldNotifications: number;
}

export interface DisconnectReport {
  month: string;
  items: DisconnectReportItem[];
  totals: { urgentMessages: number; heldNotifications: number };
}

// ——— Limits ———

/** People the composer may ask about at once (a message's recipients, mentions first). */
export const AVAILABILITY_USERS_MAX = 50;
export const TIME_OFF_LABEL_MAX = 80;
/** Current and future time off a person may hold. */
export const TIME_OFF_PER_USER_MAX = 50;
/** The longest single time off, in days. */
export const TIME_OFF_DAYS_MAX = 366;
/** How far ahead a time off may start, in days. */
export const TIME_OFF_HORIZON_DAYS = 730;
/** Longest the search for a next working period looks ahead, in days. */
export const NEXT_WORKING_HORIZON_DAYS = 400;

// ——— Defaults (the issue's: Monday–Friday, 9:00–18:00, Europe/Paris, holidays off) ———

export const DEFAULT_WORKING_START = '09:00';
export const DEFAULT_WORKING_END = '18:00';

export const DEFAULT_WEEK: WeekHours = {
  days: WEEKDAYS.map((weekday) =>
    weekday <= 5
      ? { weekday, start: DEFAULT_WORKING_START, end: DEFAULT_WORKING_END }
      : { weekday, off: true as const },
  ),
  holidays: true,
};

export const DEFAULT_DISCONNECT_POLICY: DisconnectPolicy = {
  enabled: true,
  defaultHours: DEFAULT_WEEK,
  defaultTimeZone: DEFAULT_TIME_ZONE,
  urgentAllowed: true,
};

// ——— Texts ———

export const WEEKDAY_NAMES: Record<Weekday, string> = {
  1: 'lundi',
  2: 'mardi',
  3: 'mercredi',
  4: 'jeudi',
  5: 'vendredi',
  6: 'samedi',
  7: 'dimanche',
};

export const TIME_INVALID = 'Heure invalide : attendu HH:MM, de 00:00 à 24:00';
export const DATE_INVALID = 'Date invalide : attendu AAAA-MM-JJ';
export const DAY_END_BEFORE_START = 'L’heure de fin doit suivre l’heure de début';
export const WEEK_INCOMPLETE =
  'Indiquez les sept jours de la semaine, du lundi au dimanche, dans l’ordre';
export const WEEK_WITHOUT_WORK = 'Indiquez au moins un jour travaillé';
export const TIME_OFF_END_BEFORE_START = 'La fin du congé ne peut pas précéder son début';
export const TIME_OFF_TOO_LONG = `Un congé dure au plus ${TIME_OFF_DAYS_MAX} jours`;
export const TIME_OFF_TOO_FAR = `Un congé commence au plus ${TIME_OFF_HORIZON_DAYS} jours à l’avance`;
export const TIME_OFF_PAST = 'Ce congé est déjà terminé';
export const TIME_OFF_TOO_MANY = `Au plus ${TIME_OFF_PER_USER_MAX} congés à venir`;
export const TIME_OFF_OVERLAP = 'Ce congé chevauche un congé déjà prévu';
export const TIME_OFF_NOT_FOUND = 'Congé introuvable';
export const URGENT_NOT_ALLOWED = 'Les messages urgents ne sont pas autorisés sur cette instance';
export const TIME_ZONE_UNKNOWN = 'Fuseau horaire inconnu';
export const MONTH_INVALID = 'Mois invalide : attendu AAAA-MM';
export const AVAILABILITY_TOO_MANY = `Au plus ${AVAILABILITY_USERS_MAX} personnes à la fois`;

const MONTHS = [
  'janvier',
  'février',
  'mars',
  'avril',
  'mai',
  'juin',
  'juillet',
  'août',
  'septembre',
  'octobre',
  'novembre',
  'décembre',
];

/** « 1er mai », « 12 mars »: a YYYY-MM-DD date as French writes it. */
export function frenchDay(date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return `${day === 1 ? '1er' : day}\u00a0${MONTHS[month - 1] ?? ''}`;
}

/** The automatic status while on time off: « En congé jusqu’au 12 mars » (its last day). */
export function timeOffStatusText(end: string): string {
  return `En congé jusqu’au ${frenchDay(end)}`;
}

// ——— Schemas ———

const TIME_RE = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const DATE_RE = /^\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

/** Minutes since midnight of "HH:MM" (24:00 is the day's end). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const time = z.string({ error: TIME_INVALID }).regex(TIME_RE, TIME_INVALID);
const weekday = z.union(
  WEEKDAYS.map((d) => z.literal(d)),
  { error: WEEK_INCOMPLETE },
);

export const WorkingDaySchema = z.union([
  z.object({ weekday, off: z.literal(true) }).strict(),
  z
    .object({ weekday, start: time, end: time })
    .strict()
    .refine((d) => minutesOf(d.end) > minutesOf(d.start), {
      message: DAY_END_BEFORE_START,
      path: ['end'],
    }),
]);

const week = z
  .array(WorkingDaySchema, { error: WEEK_INCOMPLETE })
  .length(7, WEEK_INCOMPLETE)
  .refine((days) => days.every((d, i) => d.weekday === i + 1), WEEK_INCOMPLETE)
  .refine((days) => days.some((d) => !('off' in d)), WEEK_WITHOUT_WORK);

/** PUT /api/me/working-hours (and the policy's defaultHours). */
export const WorkingHoursUpdateSchema = z
  .object({
    days: week,
    holidays: z.boolean({ error: 'Indiquez si les jours fériés sont chômés' }),
  })
  .strict();
export type WorkingHoursUpdateInput = z.infer<typeof WorkingHoursUpdateSchema>;

const day = z.string({ error: DATE_INVALID }).regex(DATE_RE, DATE_INVALID);

/** POST /api/me/time-off */
export const TimeOffCreateSchema = z
  .object({
    start: day,
    end: day,
    label: z
      .string({ error: 'Le libellé doit être un texte' })
      .trim()
      .max(TIME_OFF_LABEL_MAX, `Au plus ${TIME_OFF_LABEL_MAX} caractères`)
      .optional(),
  })
  .strict()
  .refine((t) => t.end >= t.start, { message: TIME_OFF_END_BEFORE_START, path: ['end'] });
export type TimeOffCreateInput = z.infer<typeof TimeOffCreateSchema>;

/** POST /api/disconnect/availability */
export const AvailabilityQuerySchema = z
  .object({
    userIds: z
      .array(z.uuid({ error: 'Identifiant d’utilisateur invalide' }), {
        error: 'userIds doit être une liste',
      })
      .max(AVAILABILITY_USERS_MAX, AVAILABILITY_TOO_MANY),
  })
  .strict();
export type AvailabilityQueryInput = z.infer<typeof AvailabilityQuerySchema>;

/** PUT /api/admin/disconnect-policy: the whole policy. */
export const DisconnectPolicySchema = z
  .object({
    enabled: z.boolean({ error: 'Indiquez si la politique est active' }),
    defaultHours: WorkingHoursUpdateSchema,
    defaultTimeZone: z.string({ error: TIME_ZONE_UNKNOWN }).min(1, TIME_ZONE_UNKNOWN).max(64),
    urgentAllowed: z.boolean({ error: 'Indiquez si les messages urgents sont permis' }),
  })
  .strict();
export type DisconnectPolicyInput = z.infer<typeof DisconnectPolicySchema>;

/** GET /api/admin/disconnect-report?month=YYYY-MM (default: the current month). */
export const DisconnectReportQuerySchema = z.object({
  month: z
    .string({ error: MONTH_INVALID })
    .regex(/^\d{4}-(?:0[1-9]|1[0-2])$/, MONTH_INVALID)
    .optional(),
});
