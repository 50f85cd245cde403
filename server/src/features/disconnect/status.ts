import { and, eq, sql } from 'drizzle-orm';
import { timeOffStatusText } from '#shared/disconnect';
import { safeTimeZone } from '#shared/french-dates';
import { users } from '../../auth/schema';
import type { Db } from '../../db/client';
import { chosenTimeZones } from '../reminders/service';
import { localDate } from './hours';
import { getPolicy } from './policy';
import { timeOff } from './schema';

const DAY_MS = 86_400_000;
const utcDay = (at: Date, days: number) =>
  new Date(at.getTime() + days * DAY_MS).toISOString().slice(0, 10);

/**
 * The automatic status of time off (docs/product.md, « Droit à la déconnexion »): when a time
 * off begins in its owner's zone, their status message becomes « En congé jusqu’au … » and the
 * one they had is kept aside; once it ends, theirs comes back — unless they wrote another
 * meanwhile (then theirs stays). Each step is a conditional update of the time off's `status`
 * (pending → shown → restored), so two nodes doing it at once do it once.
 * `onlyUserId` limits it to one person (right after they add or remove a time off).
 */
export async function applyTimeOffStatuses(db: Db, now: Date, onlyUserId?: string): Promise<void> {
  // No zone is more than a day off UTC: a cheap bound before each person's own today.
  const rows = await db
    .select()
    .from(timeOff)
    .where(
      and(
        sql`${timeOff.status} <> 'restored'`,
        sql`${timeOff.startDate} <= ${utcDay(now, 1)}`,
        onlyUserId ? eq(timeOff.userId, onlyUserId) : undefined,
      ),
    )
    .orderBy(timeOff.endDate)
    .limit(500);
  if (rows.length === 0) return;
  const policy = await getPolicy(db);
  const zones = await chosenTimeZones(db, [...new Set(rows.map((r) => r.userId))]);
  for (const row of rows) {
    const today = localDate(now, safeTimeZone(zones.get(row.userId) ?? policy.defaultTimeZone));
    if (row.endDate < today) await restore(db, row);
    else if (row.status === 'pending' && row.startDate <= today) await show(db, row);
  }
}

async function show(db: Db, row: typeof timeOff.$inferSelect): Promise<void> {
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(timeOff)
      .set({
        status: 'shown',
        savedStatusMessage: sql`(select ${users.statusMessage} from ${users} where ${users.id} = ${row.userId})`,
      })
      .where(and(eq(timeOff.id, row.id), eq(timeOff.status, 'pending')))
      .returning({ id: timeOff.id });
    if (!marked) return;
    await tx
      .update(users)
      .set({ statusMessage: timeOffStatusText(row.endDate) })
      .where(eq(users.id, row.userId));
  });
}

/** Ended (or removed while shown): theirs back, if the automatic one is still there. */
export async function restore(db: Db, row: typeof timeOff.$inferSelect): Promise<void> {
  await db.transaction(async (tx) => {
    const [marked] = await tx
      .update(timeOff)
      .set({ status: 'restored' })
      .where(and(eq(timeOff.id, row.id), sql`${timeOff.status} <> 'restored'`))
      .returning({ id: timeOff.id });
    if (!marked || row.status !== 'shown') return;
    await tx
      .update(users)
      .set({ statusMessage: row.savedStatusMessage })
      .where(
        and(eq(users.id, row.userId), eq(users.statusMessage, timeOffStatusText(row.endDate))),
      );
  });
}

/** A time off removed while its status showed: theirs back at once. */
export async function restoreRemoved(db: Db, row: typeof timeOff.$inferSelect): Promise<void> {
  if (row.status !== 'shown') return;
  await db
    .update(users)
    .set({ statusMessage: row.savedStatusMessage })
    .where(and(eq(users.id, row.userId), eq(users.statusMessage, timeOffStatusText(row.endDate))));
}
