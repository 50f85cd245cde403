import { z } from 'zod';

/**
 * « Trouver un créneau » (docs/product.md, "Trouver un créneau"; docs/calendar.md, "Meetings"):
 * the limits of a search, shared by the server's check and the dialog's choices.
 */
export const SLOT_DURATION_MIN_MINUTES = 15;
export const SLOT_DURATION_MAX_MINUTES = 8 * 60;
export const SLOT_RANGE_MAX_DAYS = 31;
/** People in one search or one meeting, the organizer included. */
export const SLOT_PEOPLE_MAX = 20;
/** Proposals start on a quarter hour. */
export const SLOT_STEP_MINUTES = 15;
/** How many proposals one search gives. */
export const SLOT_PROPOSALS = 5;

export const SLOT_PERSON_NOT_FOUND = 'Personne introuvable parmi vos conversations';
export const SLOT_RANGE_TOO_LONG = `La période cherchée fait au plus ${SLOT_RANGE_MAX_DAYS} jours`;
export const SLOT_RANGE_EMPTY = 'La fin de la période doit être après son début';
export const SLOT_TOO_MANY_PEOPLE = `Au plus ${SLOT_PEOPLE_MAX} personnes par réunion`;

const DAY_MS = 24 * 60 * 60 * 1000;

const isoDateTime = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} doit être une date et une heure` });

/** The people asked about: ids, the caller's own included or not (it is added). */
export const SlotPeopleSchema = z
  .array(z.uuid({ error: 'Identifiant de personne invalide' }), {
    error: 'Choisissez les personnes',
  })
  .max(SLOT_PEOPLE_MAX, SLOT_TOO_MANY_PEOPLE);

/** POST /api/calendar/slots. */
export const SlotSearchSchema = z
  .object({
    userIds: SlotPeopleSchema,
    durationMinutes: z
      .number({ error: 'La durée est un nombre de minutes' })
      .int('La durée est un nombre entier de minutes')
      .min(SLOT_DURATION_MIN_MINUTES, `La durée fait au moins ${SLOT_DURATION_MIN_MINUTES} minutes`)
      .max(SLOT_DURATION_MAX_MINUTES, 'La durée fait au plus 8 heures'),
    from: isoDateTime('Le début de la période'),
    to: isoDateTime('La fin de la période'),
    /** The conversation the search starts from (its members must include the people). */
    channelId: z.uuid({ error: 'Canal introuvable' }).optional(),
  })
  .strict()
  .refine((v) => Date.parse(v.to) > Date.parse(v.from), { message: SLOT_RANGE_EMPTY, path: ['to'] })
  .refine((v) => Date.parse(v.to) - Date.parse(v.from) <= SLOT_RANGE_MAX_DAYS * DAY_MS, {
    message: SLOT_RANGE_TOO_LONG,
    path: ['to'],
  });
export type SlotSearchInput = z.input<typeof SlotSearchSchema>;

export interface Slot {
  start: string;
  end: string;
}

export interface SlotPerson {
  userId: string;
  displayName: string;
}

/**
 * The answer: the first free slots, and who they are free for. Never anything of the
 * people's events (titles, places, even their times): only the slots free for all.
 */
export interface SlotSearchResult {
  slots: Slot[];
  people: SlotPerson[];
}

/** « 14 h », « 14 h 30 » on the clock of `timeZone` (the runtime's own when undefined). */
function hourLabel(at: Date, timeZone: string | undefined): string {
  const parts = new Intl.DateTimeFormat('fr-FR', {
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone,
  }).formatToParts(at);
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '00';
  return minute === '00' ? `${hour}\u00a0h` : `${hour}\u00a0h\u00a0${minute}`;
}

const dayLabel = (at: Date, timeZone: string | undefined) =>
  new Intl.DateTimeFormat('fr-FR', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone,
  }).format(at);

/**
 * « jeudi 12 mars, 14 h – 14 h 30 » (the other day named when it ends on another): the
 * proposals' buttons and the message announcing a meeting.
 */
export function slotLabel(start: Date, end: Date, timeZone?: string): string {
  const startDay = dayLabel(start, timeZone);
  const endDay = dayLabel(end, timeZone);
  const from = `${startDay}, ${hourLabel(start, timeZone)}`;
  const to = hourLabel(end, timeZone);
  return startDay === endDay ? `${from} – ${to}` : `${from} – ${endDay}, ${to}`;
}
