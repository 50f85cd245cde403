import { z } from 'zod';

/**
 * « Ma journée » (docs/product.md, « Ma journée »): one view of a person's day — today's
 * events, the tasks assigned to them that are due or overdue, unread mentions and direct
 * messages, followed threads with new replies, today's reminders — each item with the web
 * path that opens it.
 */

/** Items per section; `totals` says how many there are, « Voir tout » leads to the rest. */
export const MY_DAY_SECTION_MAX = 20;

export const MY_DAY_SECTIONS = [
  'events',
  'tasks',
  'mentions',
  'directMessages',
  'threads',
  'reminders',
] as const;
export type MyDaySection = (typeof MY_DAY_SECTIONS)[number];

export const MY_DAY_DATE_INVALID = 'Date invalide : attendu AAAA-MM-JJ';

/** GET /api/me/day?date=YYYY-MM-DD (default: today in the person's time zone). */
export const MyDayQuerySchema = z
  .object({
    date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, MY_DAY_DATE_INVALID)
      .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), MY_DAY_DATE_INVALID)
      .optional(),
  })
  .strict();

interface Person {
  id: string;
  name: string | null;
  profileImageUrl: string | null;
}

export interface MyDayEvent {
  id: string;
  title: string;
  startTime: string;
  endTime: string;
  allDay: boolean;
  location: string | null;
  /** Where it comes from: Ruche itself, or a synced calendar. */
  source: 'ruche' | 'google' | 'outlook';
  href: string;
}

export interface MyDayTask {
  id: string;
  title: string;
  /** YYYY-MM-DD; before the day asked: overdue. */
  dueDate: string;
  overdue: boolean;
  labels: string[];
  boardId: string;
  boardName: string;
  listName: string;
  channelId: string;
  channelName: string | null;
  href: string;
}

/** An unread mention or direct message (a notification of the person's). */
export interface MyDayMessage {
  notificationId: string;
  messageId: string | null;
  channelId: string | null;
  channelName: string | null;
  channelType: string | null;
  author: Person | null;
  excerpt: string | null;
  createdAt: string;
  href: string;
}

export interface MyDayThread {
  parentMessageId: string;
  channelId: string;
  channelName: string | null;
  channelType: string | null;
  author: Person;
  excerpt: string;
  unreadCount: number;
  lastReplyAt: string;
  href: string;
}

export interface MyDayReminder {
  id: string;
  dueAt: string;
  /** The note, or the excerpt of the message it is about. */
  excerpt: string | null;
  channelId: string | null;
  channelName: string | null;
  channelType: string | null;
  delivered: boolean;
  href: string;
}

export interface MyDay {
  /** The day shown, YYYY-MM-DD, in `timeZone`. */
  date: string;
  timeZone: string;
  events: MyDayEvent[];
  tasks: MyDayTask[];
  mentions: MyDayMessage[];
  directMessages: MyDayMessage[];
  threads: MyDayThread[];
  reminders: MyDayReminder[];
  /** How many items each section has in all (each list holds at most MY_DAY_SECTION_MAX). */
  totals: Record<MyDaySection, number>;
  /** Where « Voir tout » of each section leads, when a screen lists them all. */
  seeAll: Record<MyDaySection, string | null>;
}

/** GET|PUT /api/me/day/email: « Ma journée » by email at the start of one's working day. */
export interface MyDayEmailSetting {
  enabled: boolean;
  /** Whether this instance can send mail (SMTP configured): without it the setting is moot. */
  available: boolean;
  /** When the next one goes, while enabled. */
  nextSendAt: string | null;
}

export const MyDayEmailUpdateSchema = z
  .object({ enabled: z.boolean({ error: 'Une valeur vrai/faux est requise' }) })
  .strict();
export type MyDayEmailUpdate = z.infer<typeof MyDayEmailUpdateSchema>;

/** POST /api/me/day/email/unsubscribe: the one-click unsubscribe's answer (RFC 8058). */
export interface MyDayEmailUnsubscribed {
  unsubscribed: true;
}

export const MY_DAY_EMAIL_TOKEN_INVALID = 'Ce lien de désabonnement n’est pas valable';
export const MY_DAY_EMAIL_ACCOUNT_GONE = 'Ce compte n’existe plus';
