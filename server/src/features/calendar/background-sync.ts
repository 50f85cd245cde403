import { and, eq, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { CalendarDeps } from './connections';
import { calendarConnections } from './schema';
import { REVOKED, syncConnection } from './sync';

const BATCH = 20;

/**
 * docs/calendar.md: every node looks for active connections not synced for an interval and
 * syncs them; the lease in syncConnection makes sure that only one node does each.
 */
export function startBackgroundSync(deps: CalendarDeps, intervalMs: number): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      const due = await deps.db
        .select({ id: calendarConnections.id, userId: calendarConnections.userId })
        .from(calendarConnections)
        .where(
          and(
            eq(calendarConnections.isActive, true),
            // A provider that failed is tried again (pending deletions must reach it); a
            // revoked access only comes back through the user (docs/calendar.md).
            or(
              eq(calendarConnections.status, 'connected'),
              and(
                eq(calendarConnections.status, 'failed'),
                ne(calendarConnections.lastError, REVOKED),
              ),
            ),
            isNotNull(calendarConnections.calendarId),
            or(
              isNull(calendarConnections.lastSyncAt),
              lt(
                calendarConnections.lastSyncAt,
                sql`now() - make_interval(secs => ${intervalMs / 1000})`,
              ),
            ),
            or(
              isNull(calendarConnections.leaseUntil),
              lt(calendarConnections.leaseUntil, sql`now()`),
            ),
          ),
        )
        .limit(BATCH);
      for (const connection of due) {
        await syncConnection(deps, connection.userId, connection.id).catch(() => {
          // Logged and recorded on the connection by syncConnection; the next tick retries.
        });
      }
    } catch (err) {
      deps.log.warn({ err }, 'calendar background sync tick failed');
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
