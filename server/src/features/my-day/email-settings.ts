import { eq, sql } from 'drizzle-orm';
import { MY_DAY_EMAIL_ACCOUNT_GONE, type MyDayEmailSetting } from '#shared/my-day';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { nextWorkingStart, workingIntervals } from '../disconnect/service';
import { myDayEmails } from './schema';

/**
 * « Ma journée » by e-mail (docs/product.md, « Ma journée »): off unless the person turns it
 * on; then it goes at the start of each of their working days — their week, holidays and time
 * off as the right to disconnect reads them (disconnect/service.ts).
 */

const DAY_MS = 86_400_000;

/** Whether `at` is the person's working time. */
export async function isWorkingAt(db: Db, userId: string, at: Date): Promise<boolean> {
  const end = new Date(at.getTime() + 1);
  return (await workingIntervals(db, userId, at, end)).length > 0;
}

/**
 * The start of the person's next working period strictly after `after`: while they work, the
 * one after today's (nextWorkingStart answers `after` itself then). When no working time comes
 * within the right to disconnect's horizon, a day later: looked at again then.
 */
export async function nextSendAt(db: Db, userId: string, after: Date): Promise<Date> {
  const start = await nextWorkingStart(db, userId, after);
  if (start > after) return start;
  const [current] = await workingIntervals(db, userId, after, new Date(after.getTime() + DAY_MS));
  const end = current?.end ?? new Date(after.getTime() + DAY_MS);
  return nextWorkingStart(db, userId, end);
}

/** Whether the instance can mail this person: SMTP configured and an address on the account. */
async function reachable(db: Db, userId: string, canMail: boolean): Promise<boolean> {
  if (!canMail) return false;
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return Boolean(row?.email);
}

async function readSetting(db: Db, userId: string) {
  const [row] = await db
    .select({ enabled: myDayEmails.enabled, nextSendAt: myDayEmails.nextSendAt })
    .from(myDayEmails)
    .where(eq(myDayEmails.userId, userId));
  return row;
}

export async function getMyDayEmail(
  db: Db,
  userId: string,
  canMail: boolean,
): Promise<MyDayEmailSetting> {
  const row = await readSetting(db, userId);
  const enabled = row?.enabled ?? false;
  return {
    enabled,
    available: await reachable(db, userId, canMail),
    nextSendAt: enabled && row?.nextSendAt ? row.nextSendAt.toISOString() : null,
  };
}

/**
 * On: the first one goes at the start of the next working period (tomorrow's when turned on
 * during the working day: the page shows today's); turning it on again keeps its time. Off:
 * none is due.
 */
export async function setMyDayEmail(
  db: Db,
  userId: string,
  enabled: boolean,
  canMail: boolean,
  now: Date = new Date(),
): Promise<MyDayEmailSetting> {
  const current = await readSetting(db, userId);
  if (enabled !== (current?.enabled ?? false)) {
    const nextSend = enabled ? await nextSendAt(db, userId, now) : null;
    await db
      .insert(myDayEmails)
      .values({ userId, enabled, nextSendAt: nextSend })
      .onConflictDoUpdate({
        target: myDayEmails.userId,
        set: { enabled, nextSendAt: nextSend, updatedAt: sql`now()` },
      });
  }
  return getMyDayEmail(db, userId, canMail);
}

/**
 * The one-click unsubscribe (RFC 8058): off for this person, without signing in. Idempotent;
 * 404 for an account now gone.
 */
export async function unsubscribeMyDayEmail(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  if (!user) throw notFound(MY_DAY_EMAIL_ACCOUNT_GONE);
  await db
    .insert(myDayEmails)
    .values({ userId, enabled: false })
    .onConflictDoUpdate({
      target: myDayEmails.userId,
      set: { enabled: false, nextSendAt: null, updatedAt: sql`now()` },
    });
}
