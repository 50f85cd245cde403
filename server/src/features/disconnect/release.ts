import { sql } from 'drizzle-orm';
import { inBackground } from '../../db/store-gate';
import { type Deps, publish } from '../deps';
import { releaseNotifications } from '../notifications/hold';
import { heldNotifications } from './schema';
import { applyTimeOffStatuses } from './status';

/** Rows released per statement; a backlog (a Monday 9:00) drains over the following ones. */
const BATCH = 500;

type ReleaseDeps = Pick<Deps, 'db' | 'realtime' | 'events' | 'log'>;

/**
 * Every notification held until `now` (the store's clock when not given) is released once:
 * its row is deleted by ONE statement over rows locked `FOR UPDATE SKIP LOCKED`, so two nodes
 * ticking together take different rows and a row is never released twice; then those still
 * unread go to Web Push, and each owner's open tabs get one `notifications_released`
 * (docs/notifications.md, « Droit à la déconnexion »). Rows left by a node that stopped are
 * in the store: the next tick of any node after a restart releases them. A node that stops
 * between the delete and the push loses that push (the items stay in the bell): never two.
 */
export async function releaseDue(deps: ReleaseDeps, now?: Date): Promise<number> {
  const due = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  let total = 0;
  for (;;) {
    const rows = await deps.db.execute<{ notification_id: string; user_id: string }>(sql`
      delete from ${heldNotifications}
      where notification_id in (
        select notification_id from ${heldNotifications}
        where release_at <= ${due}
        order by release_at
        limit ${BATCH}
        for update skip locked)
      returning notification_id, user_id`);
    const ids = [...rows].map((r) => r.notification_id);
    if (ids.length === 0) return total;
    total += ids.length;
    await announce(deps, await releaseNotifications(deps.events, ids));
    if (ids.length < BATCH) return total;
  }
}

async function announce(
  deps: ReleaseDeps,
  released: Awaited<ReturnType<typeof releaseNotifications>>,
): Promise<void> {
  const byUser = new Map<string, { ids: string[]; unreadCount: number }>();
  for (const r of released) {
    const entry = byUser.get(r.userId) ?? { ids: [], unreadCount: r.unreadCount };
    entry.ids.push(r.notificationId);
    byUser.set(r.userId, entry);
  }
  if (byUser.size === 0) return;
  await publish(deps, 'notifications_released', () =>
    deps.realtime.toEach(
      [...byUser].map(([userId, { ids, unreadCount }]) => ({
        userId,
        event: {
          type: 'notifications_released' as const,
          count: ids.length,
          notificationIds: ids,
          unreadCount,
        },
      })),
    ),
  );
}

/** One tick: held notifications due, and time off statuses to show or take back. */
export async function tick(deps: ReleaseDeps, now?: Date): Promise<number> {
  const released = await releaseDue(deps, now);
  await applyTimeOffStatuses(deps.db, now ?? new Date());
  return released;
}

/**
 * Every node ticks every `intervalMs` (REMINDERS_POLL_MS, the reminders' own interval), in the
 * store's background slots (db/store-gate.ts); the row locks above share the work. Returns its
 * stop.
 */
export function startRelease(deps: ReleaseDeps, intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  let running = false;
  const run = () => {
    if (running) return;
    running = true;
    inBackground(() => tick(deps))
      .catch((err: unknown) => deps.log.warn({ err }, 'disconnect release tick failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  const first = setTimeout(run, Math.min(intervalMs, 1000));
  first.unref();
  return () => {
    clearInterval(timer);
    clearTimeout(first);
  };
}
