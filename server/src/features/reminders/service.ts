import { and, asc, count, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { findFrenchDate, safeTimeZone, splitLeadingDate } from '#shared/french-dates';
import type { ServerEvent } from '#shared/protocol';
import {
  REMINDER_NOT_FOUND,
  REMINDER_SUBJECT_REQUIRED,
  REMINDERS_PER_USER_MAX,
  REMINDERS_TOO_MANY,
  type Reminder,
  type ReminderCreateInput,
  SCHEDULE_HORIZON_DAYS,
  SCHEDULED_ALREADY_SENT,
  SCHEDULED_NOT_FOUND,
  SCHEDULED_PER_USER_MAX,
  SCHEDULED_TOO_MANY,
  type ScheduledCreateInput,
  type ScheduledMessage,
  type ScheduledStatus,
  type ScheduledUpdateInput,
  TIME_ZONE_INVALID,
  type TimeZoneSetting,
  WHEN_PAST,
  WHEN_REQUIRED,
  WHEN_TOO_FAR,
  WHEN_UNREADABLE,
} from '#shared/reminders';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { badRequest, conflict, HttpError, notFound } from '../../lib/errors';
import { requireMember } from '../channels/access';
import { channelNameSql, channelTypeSql } from '../channels/queries';
import { type Deps, publish } from '../deps';
import { findMessageForMember } from '../messages/queries';
import { presentedMessages } from './messages';
import { reminders, scheduledMessages, userTimeZones } from './schema';

const DAY_MS = 24 * 60 * 60 * 1000;
const EXCERPT_MAX = 200;

/** Tell the person's open tabs that a list of theirs changed (they reload it). */
export async function tellOwner(
  deps: Pick<Deps, 'realtime' | 'log'>,
  userIds: readonly string[],
  type: 'reminders_changed' | 'scheduled_messages_changed',
): Promise<void> {
  if (userIds.length === 0) return;
  const event = { type } as ServerEvent;
  await publish(deps, type, () => deps.realtime.toUsers([...new Set(userIds)], event));
}

// --- Time zone -------------------------------------------------------------------------------

export async function getTimeZone(db: Db, userId: string): Promise<TimeZoneSetting> {
  const [row] = await db
    .select({ timeZone: userTimeZones.timeZone })
    .from(userTimeZones)
    .where(eq(userTimeZones.userId, userId));
  return row
    ? { timeZone: row.timeZone, chosen: true }
    : { timeZone: safeTimeZone(null), chosen: false };
}

export async function setTimeZone(db: Db, userId: string, zone: string): Promise<TimeZoneSetting> {
  if (safeTimeZone(zone) !== zone)
    throw badRequest(TIME_ZONE_INVALID, { timeZone: [TIME_ZONE_INVALID] });
  await db
    .insert(userTimeZones)
    .values({ userId, timeZone: zone })
    .onConflictDoUpdate({
      target: userTimeZones.userId,
      set: { timeZone: zone, updatedAt: sql`now()` },
    });
  return { timeZone: zone, chosen: true };
}

/** The zones chosen (or kept) by `userIds`, in one statement; those with none are absent. */
export async function chosenTimeZones(
  db: Db,
  userIds: readonly string[],
): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({ userId: userTimeZones.userId, timeZone: userTimeZones.timeZone })
    .from(userTimeZones)
    .where(sql`${userTimeZones.userId} = any(${uuids(userIds)})`);
  return new Map(rows.map((r) => [r.userId, r.timeZone]));
}

/** The person's zone; without one yet, the browser's (kept for next time), else Europe/Paris. */
export async function zoneFor(db: Db, userId: string, browserZone?: string): Promise<string> {
  const stored = await getTimeZone(db, userId);
  if (stored.chosen) return stored.timeZone;
  if (browserZone && safeTimeZone(browserZone) === browserZone) {
    await db.insert(userTimeZones).values({ userId, timeZone: browserZone }).onConflictDoNothing();
    return browserZone;
  }
  return stored.timeZone;
}

// --- When ------------------------------------------------------------------------------------

const whenError = (message: string) => badRequest(message, { when: [message] });

/** A time in the future, within the horizon: from `at` (ISO) or `when` (French, in `zone`). */
export function resolveWhen(
  input: { at?: string | undefined; when?: string | undefined },
  zone: string,
  now: Date = new Date(),
): Date {
  let at: Date;
  if (input.at) at = new Date(input.at);
  else if (input.when) {
    const found = findFrenchDate(input.when, { now, timeZone: zone });
    if (!found) throw whenError(WHEN_UNREADABLE);
    at = found.at;
  } else throw whenError(WHEN_REQUIRED);
  checkFuture(at, now);
  return at;
}

function checkFuture(at: Date, now: Date): void {
  if (Number.isNaN(at.getTime())) throw whenError(WHEN_UNREADABLE);
  if (at.getTime() <= now.getTime()) throw whenError(WHEN_PAST);
  if (at.getTime() > now.getTime() + SCHEDULE_HORIZON_DAYS * DAY_MS) throw whenError(WHEN_TOO_FAR);
}

// --- Reminders -------------------------------------------------------------------------------

const reminderColumns = {
  row: reminders,
  channelName: channelNameSql(reminders.channelId),
  channelType: channelTypeSql(reminders.channelId),
};
type ReminderRow = {
  row: typeof reminders.$inferSelect;
  channelName: string | null;
  channelType: string | null;
};

async function presentReminders(db: Db, rows: ReminderRow[]): Promise<Reminder[]> {
  const messageIds = rows.flatMap(({ row }) => (row.messageId ? [row.messageId] : []));
  const found = await presentedMessages(db, messageIds);
  return rows.map(({ row: r, channelName, channelType }) => {
    const message = r.messageId ? found.get(r.messageId) : undefined;
    return {
      id: r.id,
      messageId: r.messageId,
      channelId: r.channelId,
      channelName: r.channelId ? channelName : null,
      channelType: r.channelId ? channelType : null,
      excerpt: r.note ?? message?.content.slice(0, EXCERPT_MAX) ?? null,
      note: r.note,
      dueAt: r.dueAt.toISOString(),
      deliveredAt: r.deliveredAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

async function findReminder(db: Db, id: string): Promise<Reminder> {
  const rows = await db.select(reminderColumns).from(reminders).where(eq(reminders.id, id));
  const [presented] = await presentReminders(db, rows);
  if (!presented) throw notFound(REMINDER_NOT_FOUND);
  return presented;
}

async function checkReminderRoom(db: Db, userId: string): Promise<void> {
  const [row] = await db
    .select({ n: count() })
    .from(reminders)
    .where(and(eq(reminders.userId, userId), isNull(reminders.deliveredAt)));
  if ((row?.n ?? 0) >= REMINDERS_PER_USER_MAX) throw new HttpError(429, REMINDERS_TOO_MANY);
}

/** « Me le rappeler » on a message (a member's only: 404 otherwise), or a note of one's own. */
export async function createReminder(
  deps: Deps,
  userId: string,
  input: ReminderCreateInput,
  now: Date = new Date(),
): Promise<Reminder> {
  let channelId: string | null = null;
  if (input.messageId) {
    channelId = (await findMessageForMember(deps.db, input.messageId, userId)).channelId;
  } else if (!input.note) {
    throw badRequest(REMINDER_SUBJECT_REQUIRED, { note: [REMINDER_SUBJECT_REQUIRED] });
  }
  const zone = await zoneFor(deps.db, userId, input.timeZone);
  const dueAt = resolveWhen(input, zone, now);
  await checkReminderRoom(deps.db, userId);
  const [row] = await deps.db
    .insert(reminders)
    .values({
      userId,
      messageId: input.messageId ?? null,
      channelId,
      note: input.note || null,
      dueAt,
    })
    .returning({ id: reminders.id });
  await tellOwner(deps, [userId], 'reminders_changed');
  return findReminder(deps.db, row?.id ?? '');
}

/** `/rappel <quand> <quoi>` typed in a channel's composer. */
export async function createReminderFromCommand(
  deps: Deps,
  userId: string,
  input: { text: string; channelId?: string | undefined; timeZone?: string | undefined },
  now: Date = new Date(),
): Promise<Reminder> {
  if (input.channelId) await requireMember(deps.db, input.channelId, userId);
  const zone = await zoneFor(deps.db, userId, input.timeZone);
  const split = splitLeadingDate(input.text, { now, timeZone: zone });
  if (!split) throw whenError(WHEN_UNREADABLE);
  if (!split.rest)
    throw badRequest(REMINDER_SUBJECT_REQUIRED, { note: [REMINDER_SUBJECT_REQUIRED] });
  checkFuture(split.at, now);
  await checkReminderRoom(deps.db, userId);
  const [row] = await deps.db
    .insert(reminders)
    .values({
      userId,
      channelId: input.channelId ?? null,
      note: split.rest.slice(0, 500),
      dueAt: split.at,
    })
    .returning({ id: reminders.id });
  await tellOwner(deps, [userId], 'reminders_changed');
  return findReminder(deps.db, row?.id ?? '');
}

/** One's own reminders still to come, soonest first. */
export async function listReminders(db: Db, userId: string): Promise<Reminder[]> {
  const rows = await db
    .select(reminderColumns)
    .from(reminders)
    .where(and(eq(reminders.userId, userId), isNull(reminders.deliveredAt)))
    .orderBy(asc(reminders.dueAt), asc(reminders.id))
    .limit(REMINDERS_PER_USER_MAX);
  return presentReminders(db, rows);
}

/**
 * One's reminders due in [from, to), delivered or not, soonest first, at most `limit`, and
 * how many there are in all (« Ma journée »: today's reminders).
 */
export async function listRemindersBetween(
  db: Db,
  userId: string,
  range: { from: Date; to: Date },
  limit: number,
): Promise<{ reminders: Reminder[]; total: number }> {
  const where = and(
    eq(reminders.userId, userId),
    gte(reminders.dueAt, range.from),
    lt(reminders.dueAt, range.to),
  );
  const [rows, [counted]] = await Promise.all([
    db
      .select(reminderColumns)
      .from(reminders)
      .where(where)
      .orderBy(asc(reminders.dueAt), asc(reminders.id))
      .limit(limit),
    db.select({ n: count() }).from(reminders).where(where),
  ]);
  return { reminders: await presentReminders(db, rows), total: counted?.n ?? 0 };
}

export async function deleteReminder(deps: Deps, userId: string, id: string): Promise<void> {
  const gone = await deps.db
    .delete(reminders)
    .where(and(eq(reminders.id, id), eq(reminders.userId, userId)))
    .returning({ id: reminders.id });
  if (gone.length === 0) throw notFound(REMINDER_NOT_FOUND);
  await tellOwner(deps, [userId], 'reminders_changed');
}

// --- Scheduled messages ----------------------------------------------------------------------

const scheduledColumns = {
  row: scheduledMessages,
  channelName: channelNameSql(scheduledMessages.channelId),
  channelType: channelTypeSql(scheduledMessages.channelId),
};

function presentScheduled(r: {
  row: typeof scheduledMessages.$inferSelect;
  channelName: string | null;
  channelType: string | null;
}): ScheduledMessage {
  return {
    id: r.row.id,
    channelId: r.row.channelId,
    channelName: r.channelName,
    channelType: r.channelType,
    parentMessageId: r.row.parentMessageId,
    content: r.row.content,
    dueAt: r.row.dueAt.toISOString(),
    status: r.row.status as ScheduledStatus,
    messageId: r.row.messageId,
    failure: r.row.failure,
    createdAt: r.row.createdAt.toISOString(),
  };
}

async function findScheduled(db: Db, userId: string, id: string): Promise<ScheduledMessage> {
  const [row] = await db
    .select(scheduledColumns)
    .from(scheduledMessages)
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.userId, userId)));
  if (!row) throw notFound(SCHEDULED_NOT_FOUND);
  return presentScheduled(row);
}

/** « Programmer l’envoi »: a member's message for later (404 for a channel one is not in). */
export async function createScheduled(
  deps: Deps,
  userId: string,
  input: ScheduledCreateInput,
  now: Date = new Date(),
): Promise<ScheduledMessage> {
  await requireMember(deps.db, input.channelId, userId);
  if (input.parentMessageId) {
    const parent = await findMessageForMember(deps.db, input.parentMessageId, userId);
    if (parent.channelId !== input.channelId || parent.parentMessageId) {
      const message = 'Le message auquel vous répondez est introuvable dans ce canal';
      throw badRequest(message, { parentMessageId: [message] });
    }
  }
  const zone = await zoneFor(deps.db, userId, input.timeZone);
  const dueAt = resolveWhen(input, zone, now);
  const [pending] = await deps.db
    .select({ n: count() })
    .from(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.userId, userId),
        inArray(scheduledMessages.status, ['pending', 'sending']),
      ),
    );
  if ((pending?.n ?? 0) >= SCHEDULED_PER_USER_MAX) throw new HttpError(429, SCHEDULED_TOO_MANY);
  const [row] = await deps.db
    .insert(scheduledMessages)
    .values({
      userId,
      channelId: input.channelId,
      parentMessageId: input.parentMessageId ?? null,
      content: input.content,
      dueAt,
    })
    .returning({ id: scheduledMessages.id });
  await tellOwner(deps, [userId], 'scheduled_messages_changed');
  return findScheduled(deps.db, userId, row?.id ?? '');
}

/** « Messages programmés »: those still to go and those that failed, soonest first. */
export async function listScheduled(db: Db, userId: string): Promise<ScheduledMessage[]> {
  const rows = await db
    .select(scheduledColumns)
    .from(scheduledMessages)
    .where(
      and(
        eq(scheduledMessages.userId, userId),
        inArray(scheduledMessages.status, ['pending', 'sending', 'failed']),
      ),
    )
    .orderBy(asc(scheduledMessages.dueAt), asc(scheduledMessages.id))
    .limit(SCHEDULED_PER_USER_MAX * 2);
  return rows.map(presentScheduled);
}

/** Only before it goes (or after it failed: editing it programs it again). */
const editable = inArray(scheduledMessages.status, ['pending', 'failed']);

async function notEditable(db: Db, userId: string, id: string): Promise<HttpError> {
  await findScheduled(db, userId, id); // 404 when not one's own
  return conflict(SCHEDULED_ALREADY_SENT);
}

export async function updateScheduled(
  deps: Deps,
  userId: string,
  id: string,
  input: ScheduledUpdateInput,
  now: Date = new Date(),
): Promise<ScheduledMessage> {
  const current = await findScheduled(deps.db, userId, id);
  const changes: Partial<typeof scheduledMessages.$inferInsert> = {};
  if (input.content !== undefined) changes.content = input.content;
  if (input.at || input.when) {
    changes.dueAt = resolveWhen(input, await zoneFor(deps.db, userId, input.timeZone), now);
  } else if (current.status === 'failed') {
    // A failed message edited without a new time goes at once… only if its time is still ahead.
    checkFuture(new Date(current.dueAt), now);
  }
  const updated = await deps.db
    .update(scheduledMessages)
    .set({ ...changes, status: 'pending', failure: null, updatedAt: sql`now()` })
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.userId, userId), editable))
    .returning({ id: scheduledMessages.id });
  if (updated.length === 0) throw await notEditable(deps.db, userId, id);
  await tellOwner(deps, [userId], 'scheduled_messages_changed');
  return findScheduled(deps.db, userId, id);
}

export async function deleteScheduled(deps: Deps, userId: string, id: string): Promise<void> {
  const gone = await deps.db
    .delete(scheduledMessages)
    .where(and(eq(scheduledMessages.id, id), eq(scheduledMessages.userId, userId), editable))
    .returning({ id: scheduledMessages.id });
  if (gone.length === 0) throw await notEditable(deps.db, userId, id);
  await tellOwner(deps, [userId], 'scheduled_messages_changed');
}
