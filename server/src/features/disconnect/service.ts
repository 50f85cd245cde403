import { and, asc, count, eq, gte, sql } from 'drizzle-orm';
import {
  type Availability,
  TIME_OFF_DAYS_MAX,
  TIME_OFF_HORIZON_DAYS,
  TIME_OFF_NOT_FOUND,
  TIME_OFF_OVERLAP,
  TIME_OFF_PAST,
  TIME_OFF_PER_USER_MAX,
  TIME_OFF_TOO_FAR,
  TIME_OFF_TOO_LONG,
  TIME_OFF_TOO_MANY,
  type TimeOff,
  type TimeOffCreateInput,
  type UnavailableReason,
  type WorkingHours,
  type WorkingHoursUpdateInput,
} from '#shared/disconnect';
import { userDisplayName } from '#shared/user-names';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { uuids } from '../../db/values';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { findCoMembers } from '../channels/membership';
import {
  availabilityAt,
  type Interval,
  localDate,
  nextWorkingStartAfter,
  type Schedule,
  workingIntervalsIn,
} from './hours';
import { getPolicy } from './policy';
import { forgetSchedule, schedulesOf } from './schedules';
import { heldNotifications, timeOff, workingHours } from './schema';

/**
 * Working hours, time off and availability (docs/product.md, « Droit à la déconnexion »).
 * The three functions other features call — isAvailable, workingIntervals, nextWorkingStart —
 * read the person's schedule and answer with the pure logic of hours.ts.
 */

const DAY_MS = 86_400_000;

async function scheduleOf(db: Db, userId: string, at: Date): Promise<Schedule> {
  const policy = await getPolicy(db);
  const schedules = await schedulesOf(db, policy, [userId], at, { fresh: true });
  return schedules.get(userId)?.schedule as Schedule;
}

/**
 * Whether `userId` is working at `at`, why not, and when they next are. With the policy off,
 * everyone is available.
 */
export async function isAvailable(
  db: Db,
  userId: string,
  at: Date,
): Promise<{ available: boolean; reason: UnavailableReason | null; nextAvailableAt: Date | null }> {
  if (!(await getPolicy(db)).enabled)
    return { available: true, reason: null, nextAvailableAt: null };
  return availabilityAt(await scheduleOf(db, userId, at), at);
}

/** The person's working time between two instants, holidays and time off removed. */
export async function workingIntervals(
  db: Db,
  userId: string,
  from: Date,
  to: Date,
): Promise<Interval[]> {
  if (to <= from) return [];
  return workingIntervalsIn(await scheduleOf(db, userId, from), from, to);
}

/**
 * The earliest instant at or after `after` that is the person's working time (`after` itself
 * while they work). When none comes within the horizon (time off without end), `after`: no one
 * waits for ever.
 */
export async function nextWorkingStart(db: Db, userId: string, after: Date): Promise<Date> {
  return nextWorkingStartAfter(await scheduleOf(db, userId, after), after) ?? after;
}

/**
 * Availability of many people at `at`, in bulk: one read of their schedules, and one
 * computation per distinct schedule (most people share the instance's). With the policy off,
 * null: everyone is available.
 */
export async function availabilityOf(
  db: Db,
  userIds: readonly string[],
  at: Date,
): Promise<Map<string, ReturnType<typeof availabilityAt>> | null> {
  const policy = await getPolicy(db);
  if (!policy.enabled) return null;
  const schedules = await schedulesOf(db, policy, userIds, at);
  const byKey = new Map<string, ReturnType<typeof availabilityAt>>();
  const out = new Map<string, ReturnType<typeof availabilityAt>>();
  for (const [userId, { schedule, key }] of schedules) {
    let answer = byKey.get(key);
    if (!answer) {
      answer = availabilityAt(schedule, at);
      byKey.set(key, answer);
    }
    out.set(userId, answer);
  }
  return out;
}

/** POST /api/disconnect/availability: only people who share a channel with the caller. */
export async function availabilityFor(
  db: Db,
  callerId: string,
  userIds: readonly string[],
  at: Date,
): Promise<Availability[]> {
  const others = [...new Set(userIds)].filter((id) => id !== callerId);
  const shared = [...(await findCoMembers(db, callerId, others))];
  if (shared.length === 0) return [];
  const [people, answers] = await Promise.all([
    db
      .select({
        id: users.id,
        displayName: users.displayName,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        deactivatedAt: users.deactivatedAt,
      })
      .from(users)
      .where(sql`${users.id} = any(${uuids(shared)})`),
    availabilityOf(db, shared, at),
  ]);
  return people.map((p) => {
    const a = answers?.get(p.id);
    return {
      userId: p.id,
      displayName: userDisplayName({ ...p, ...(p.deactivatedAt ? { deactivated: true } : {}) }),
      available: a?.available ?? true,
      reason: a?.reason ?? null,
      nextAvailableAt: a?.nextAvailableAt?.toISOString() ?? null,
    };
  });
}

// --- Working hours ---------------------------------------------------------------------------

const presentTimeOff = (row: typeof timeOff.$inferSelect): TimeOff => ({
  id: row.id,
  start: row.startDate,
  end: row.endDate,
  ...(row.label ? { label: row.label } : {}),
});

export async function getWorkingHours(db: Db, userId: string, now: Date): Promise<WorkingHours> {
  const policy = await getPolicy(db);
  const schedule = await scheduleOf(db, userId, now);
  const [own] = await db
    .select({ userId: workingHours.userId })
    .from(workingHours)
    .where(eq(workingHours.userId, userId));
  const today = localDate(now, schedule.timeZone);
  const offs = await db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.userId, userId), gte(timeOff.endDate, today)))
    .orderBy(asc(timeOff.startDate));
  return {
    days: [...schedule.days],
    holidays: schedule.holidays,
    timeZone: schedule.timeZone ?? policy.defaultTimeZone,
    usesDefault: !own,
    timeOff: offs.map(presentTimeOff),
  };
}

export async function setWorkingHours(
  db: Db,
  userId: string,
  input: WorkingHoursUpdateInput,
  now: Date,
): Promise<WorkingHours> {
  const values = { days: input.days, holidays: input.holidays, updatedAt: new Date() };
  await db
    .insert(workingHours)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: workingHours.userId, set: values });
  forgetSchedule(db, userId);
  await rescheduleHeld(db, userId, now);
  return getWorkingHours(db, userId, now);
}

export async function resetWorkingHours(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(workingHours).where(eq(workingHours.userId, userId));
  forgetSchedule(db, userId);
  await rescheduleHeld(db, userId, now);
}

// --- Time off --------------------------------------------------------------------------------

const daysBetween = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DAY_MS);

export async function addTimeOff(
  db: Db,
  userId: string,
  input: TimeOffCreateInput,
  now: Date,
): Promise<{ timeOff: TimeOff; today: string; zone: string }> {
  const schedule = await scheduleOf(db, userId, now);
  const today = localDate(now, schedule.timeZone);
  const refuse = (message: string, field: 'start' | 'end') =>
    badRequest(message, { [field]: [message] });
  if (input.end < today) throw refuse(TIME_OFF_PAST, 'end');
  if (daysBetween(input.start, input.end) + 1 > TIME_OFF_DAYS_MAX) {
    throw refuse(TIME_OFF_TOO_LONG, 'end');
  }
  if (daysBetween(today, input.start) > TIME_OFF_HORIZON_DAYS)
    throw refuse(TIME_OFF_TOO_FAR, 'start');
  const row = await db.transaction(async (tx) => {
    // One person's time off is added one at a time (their own row lock): the checks below
    // hold when it commits.
    await tx.execute(sql`select 1 from ${users} where id = ${userId}::uuid for update`);
    const [counted] = await tx
      .select({ n: count() })
      .from(timeOff)
      .where(and(eq(timeOff.userId, userId), gte(timeOff.endDate, today)));
    if ((counted?.n ?? 0) >= TIME_OFF_PER_USER_MAX) throw conflict(TIME_OFF_TOO_MANY);
    const overlapping = await tx
      .select({ id: timeOff.id })
      .from(timeOff)
      .where(
        and(
          eq(timeOff.userId, userId),
          sql`${timeOff.startDate} <= ${input.end} and ${timeOff.endDate} >= ${input.start}`,
        ),
      )
      .limit(1);
    if (overlapping.length > 0) throw conflict(TIME_OFF_OVERLAP);
    const [inserted] = await tx
      .insert(timeOff)
      .values({ userId, startDate: input.start, endDate: input.end, label: input.label || null })
      .returning();
    return inserted as typeof timeOff.$inferSelect;
  });
  forgetSchedule(db, userId);
  await rescheduleHeld(db, userId, now);
  return { timeOff: presentTimeOff(row), today, zone: schedule.timeZone };
}

/** Deleted; answers the row as it was (its status may need restoring). */
export async function deleteTimeOff(
  db: Db,
  userId: string,
  id: string,
  now: Date,
): Promise<typeof timeOff.$inferSelect> {
  const [gone] = await db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.userId, userId)))
    .returning();
  if (!gone) throw notFound(TIME_OFF_NOT_FOUND);
  forgetSchedule(db, userId);
  await rescheduleHeld(db, userId, now);
  return gone;
}

// --- Held notifications ----------------------------------------------------------------------

/**
 * The person's week or time off changed: what is held for them goes at their new next working
 * start (now, when they are working now).
 */
export async function rescheduleHeld(db: Db, userId: string, now: Date): Promise<void> {
  const [any] = await db
    .select({ id: heldNotifications.notificationId })
    .from(heldNotifications)
    .where(eq(heldNotifications.userId, userId))
    .limit(1);
  if (!any) return;
  const answer = await isAvailable(db, userId, now);
  const releaseAt = answer.available ? now : (answer.nextAvailableAt ?? now);
  await db.update(heldNotifications).set({ releaseAt }).where(eq(heldNotifications.userId, userId));
}

/**
 * The policy changed: off, everything held goes at the next tick; on, each person's held
 * notifications wait for their next working start under the new defaults.
 */
export async function rescheduleAllHeld(
  db: Db,
  policy: { enabled: boolean },
  now: Date,
): Promise<void> {
  if (!policy.enabled) {
    await db.update(heldNotifications).set({ releaseAt: now });
    return;
  }
  const rows = await db
    .selectDistinct({ userId: heldNotifications.userId })
    .from(heldNotifications);
  if (rows.length === 0) return;
  const answers = await availabilityOf(
    db,
    rows.map((r) => r.userId),
    now,
  );
  const input = rows.map(({ userId }) => {
    const a = answers?.get(userId);
    const at = !a || a.available ? now : (a.nextAvailableAt ?? now);
    return { user_id: userId, release_at: at.toISOString() };
  });
  await db.execute(sql`
    update ${heldNotifications} h set release_at = t.release_at
    from jsonb_to_recordset(${JSON.stringify(input)}::jsonb) as t(user_id uuid, release_at timestamptz)
    where h.user_id = t.user_id`);
}
