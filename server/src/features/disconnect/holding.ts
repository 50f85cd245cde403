import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { HoldPolicy } from '../notifications/hold';
import { disconnectCounts, heldNotifications } from './schema';
import { availabilityOf } from './service';

const NONE: ReadonlySet<string> = new Set();

/** YYYY-MM of `at` (UTC): the report's month. */
export const monthOf = (at: Date) => at.toISOString().slice(0, 7);

/**
 * The hold policy the notifications feature asks once per batch (notifications/hold.ts;
 * docs/notifications.md, « Droit à la déconnexion »): the items whose owners are outside their
 * working time now are held until their next working start. One read of the recipients'
 * schedules and one statement that records what it holds, whatever the batch's size; the
 * policy itself is cached (policy.ts). Urgent messages and one's own reminders pass.
 */
export function holdPolicy(db: Db, now: () => Date): HoldPolicy {
  return async (items, context) => {
    if (context.immediate || items.length === 0) return NONE;
    const at = now();
    const answers = await availabilityOf(db, [...new Set(items.map((i) => i.userId))], at);
    if (!answers) return NONE;
    const held = items.flatMap(({ userId, notification }) => {
      const answer = answers.get(userId);
      // Unavailable with no next working start in sight: nothing waits for ever.
      if (!answer || answer.available || !answer.nextAvailableAt) return [];
      return [
        {
          id: notification.id,
          user_id: userId,
          release_at: answer.nextAvailableAt.toISOString(),
          channel_id: notification.channelId,
        },
      ];
    });
    if (held.length === 0) return NONE;
    await recordHeld(db, held, monthOf(at));
    return new Set(held.map((h) => h.id));
  };
}

/**
 * One statement: the held rows (a row already held stays as it was: an item that took one
 * more message while held), and the month's count of newly held items per channel. An item
 * deleted meanwhile (its message was) fails the foreign key: then nothing of the batch is
 * held, which is the safe side (notifications/deliver.ts). Checking each row first cost a
 * third of the statement's time.
 */
async function recordHeld(
  db: Db,
  rows: Array<{ id: string; user_id: string; release_at: string; channel_id: string | null }>,
  month: string,
): Promise<void> {
  await db.execute(sql`
    with input as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as t(id uuid, user_id uuid, release_at timestamptz, channel_id uuid)
    ), added as (
      insert into ${heldNotifications} (notification_id, user_id, release_at)
      select i.id, i.user_id, i.release_at from input i
      on conflict (notification_id) do nothing
      returning notification_id
    ), counted as (
      select i.channel_id, count(*)::int as n from input i
      join added a on a.notification_id = i.id
      where i.channel_id is not null
      group by i.channel_id
    )
    insert into ${disconnectCounts} (month, channel_id, held_notifications)
    select ${month}, c.channel_id, c.n from counted c
    on conflict (month, channel_id) do update
      set held_notifications = ${disconnectCounts.heldNotifications} + excluded.held_notifications`);
}

/** An urgent message was sent in `channelId`: counted in the month's report. */
export async function countUrgent(db: Db, channelId: string, at: Date): Promise<void> {
  await db
    .insert(disconnectCounts)
    .values({ month: monthOf(at), channelId, urgentMessages: 1 })
    .onConflictDoUpdate({
      target: [disconnectCounts.month, disconnectCounts.channelId],
      set: { urgentMessages: sql`${disconnectCounts.urgentMessages} + 1` },
    });
}
