import { z } from 'zod';
import { MESSAGE_CONTENT_MAX } from './limits';

/**
 * Reminders, scheduled sends and the user's time zone (docs/product.md, "Rappels et envois
 * programmés"): wire types, request schemas and texts.
 */

export const REMINDER_NOTE_MAX = 500;
export const SCHEDULED_FAILURE_MAX = 300;
export const TIME_ZONE_MAX = 64;
/** A French phrase of time (« demain 9h », « dans 3 jours »). */
export const WHEN_TEXT_MAX = 100;
/** How far ahead a reminder or a scheduled send may be set. */
export const SCHEDULE_HORIZON_DAYS = 366;
/** Pending reminders / scheduled messages a person may hold. */
export const REMINDERS_PER_USER_MAX = 500;
export const SCHEDULED_PER_USER_MAX = 200;

export const WHEN_UNREADABLE =
  'Date non comprise : essayez « demain 9h », « lundi 14h » ou « dans 3 jours »';
export const WHEN_PAST = 'Cette heure est déjà passée';
export const WHEN_TOO_FAR = `Au plus ${SCHEDULE_HORIZON_DAYS} jours à l’avance`;
export const WHEN_REQUIRED = 'Indiquez quand';
export const REMINDER_NOT_FOUND = 'Rappel introuvable';
export const SCHEDULED_NOT_FOUND = 'Message programmé introuvable';
export const SCHEDULED_ALREADY_SENT = 'Ce message est déjà parti';
export const REMINDER_SUBJECT_REQUIRED = 'Un rappel porte sur un message ou un texte';
export const TIME_ZONE_INVALID = 'Fuseau horaire inconnu';
export const SCHEDULED_ACCESS_LOST =
  'Vous n’avez plus accès à ce canal : le message n’est pas parti';
export const REMINDERS_TOO_MANY = `Au plus ${REMINDERS_PER_USER_MAX} rappels en attente`;
export const SCHEDULED_TOO_MANY = `Au plus ${SCHEDULED_PER_USER_MAX} messages programmés en attente`;

/** When: an instant (ISO 8601, from a date picker) or a French phrase read in the user's zone. */
const whenFields = {
  at: z.iso.datetime({ offset: true, error: 'Date et heure invalides' }).optional(),
  when: z
    .string({ error: 'La date doit être un texte' })
    .trim()
    .min(1, WHEN_REQUIRED)
    .max(WHEN_TEXT_MAX, `Au plus ${WHEN_TEXT_MAX} caractères`)
    .optional(),
  /** The browser's zone, used (and kept) when the person has none yet. */
  timeZone: z.string().max(TIME_ZONE_MAX).optional(),
};

export const ReminderCreateSchema = z
  .object({
    messageId: z.uuid({ error: 'Identifiant de message invalide' }).optional(),
    note: z
      .string({ error: 'Le texte doit être un texte' })
      .trim()
      .max(REMINDER_NOTE_MAX, `Au plus ${REMINDER_NOTE_MAX} caractères`)
      .optional(),
    ...whenFields,
  })
  .strict();
export type ReminderCreateInput = z.infer<typeof ReminderCreateSchema>;

/** `/rappel <quand> <quoi>`: the whole text after the command, split by the server. */
export const ReminderCommandSchema = z
  .object({
    text: z
      .string()
      .trim()
      .min(1, WHEN_REQUIRED)
      .max(REMINDER_NOTE_MAX + WHEN_TEXT_MAX),
    channelId: z.uuid().optional(),
    timeZone: z.string().max(TIME_ZONE_MAX).optional(),
  })
  .strict();

export interface Reminder {
  id: string;
  messageId: string | null;
  channelId: string | null;
  channelName: string | null;
  channelType: string | null;
  /** The message's excerpt, or the note. */
  excerpt: string | null;
  note: string | null;
  dueAt: string;
  deliveredAt: string | null;
  createdAt: string;
}

const content = z
  .string({ error: 'Le message doit être un texte' })
  .trim()
  .min(1, 'Le message est vide')
  .max(MESSAGE_CONTENT_MAX, `Au plus ${MESSAGE_CONTENT_MAX} caractères`);

export const ScheduledCreateSchema = z
  .object({
    channelId: z.uuid({ error: 'Identifiant de canal invalide' }),
    parentMessageId: z.uuid().nullish(),
    content,
    ...whenFields,
  })
  .strict();
export type ScheduledCreateInput = z.infer<typeof ScheduledCreateSchema>;

export const ScheduledUpdateSchema = z
  .object({ content: content.optional(), ...whenFields })
  .strict();
export type ScheduledUpdateInput = z.infer<typeof ScheduledUpdateSchema>;

export type ScheduledStatus = 'pending' | 'sending' | 'sent' | 'failed';

export interface ScheduledMessage {
  id: string;
  channelId: string;
  channelName: string | null;
  channelType: string | null;
  parentMessageId: string | null;
  content: string;
  dueAt: string;
  status: ScheduledStatus;
  messageId: string | null;
  failure: string | null;
  createdAt: string;
}

export const TimeZoneSchema = z.object({ timeZone: z.string().min(1).max(TIME_ZONE_MAX) }).strict();
export interface TimeZoneSetting {
  timeZone: string;
  /** False while no zone was chosen or kept (the default is shown). */
  chosen: boolean;
}
