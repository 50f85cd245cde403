import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ConnectionRow } from './presenter';
import type { CalendarProvider } from './providers/provider';
import { calendarConnections, calendarDeletions, calendarEvents } from './schema';

/**
 * docs/calendar.md "Conflicts and deletions": deletes the events `where` picks and, in the same
 * transaction, keeps a tombstone for each one that has a remote copy, so the deletion reaches
 * the provider at the next sync (or the one after, if the provider is down) and the copy is
 * not imported back meanwhile. Answers the ids deleted.
 */
export async function deleteEventsAndRemember(db: Db, where: SQL | undefined): Promise<string[]> {
  return db.transaction(async (tx) => {
    const gone = await tx.delete(calendarEvents).where(where).returning({
      id: calendarEvents.id,
      connectionId: calendarEvents.connectionId,
      externalId: calendarEvents.externalId,
    });
    const linked = gone.filter(
      (e): e is typeof e & { connectionId: string; externalId: string } =>
        e.connectionId !== null && e.externalId !== null,
    );
    if (linked.length === 0) return gone.map((e) => e.id);
    const connections = await tx
      .select({ id: calendarConnections.id, direction: calendarConnections.syncDirection })
      .from(calendarConnections)
      .where(inArray(calendarConnections.id, [...new Set(linked.map((e) => e.connectionId))]));
    const exports = new Map(connections.map((c) => [c.id, c.direction !== 'import']));
    // Ruche's clock, as for updated_at: the rule compares it with the provider's times.
    const deletedAt = new Date();
    const tombstones = linked
      .filter((e) => exports.has(e.connectionId))
      .map((e) => ({
        connectionId: e.connectionId,
        externalId: e.externalId,
        push: exports.get(e.connectionId)!,
        deletedAt,
      }));
    if (tombstones.length > 0) {
      await tx.insert(calendarDeletions).values(tombstones).onConflictDoNothing();
    }
    return gone.map((e) => e.id);
  });
}

/** The tombstones of a connection, by remote id: the import leaves these ids alone. */
export async function deletionsOf(db: Db, connectionId: string) {
  const rows = await db
    .select({ externalId: calendarDeletions.externalId, deletedAt: calendarDeletions.deletedAt })
    .from(calendarDeletions)
    .where(eq(calendarDeletions.connectionId, connectionId));
  return new Map(rows.map((r) => [r.externalId, r.deletedAt]));
}

/** The provider says the copy is gone (or a later edit there brought the event back). */
export async function forgetDeletions(db: Db, connectionId: string, externalIds: string[]) {
  if (externalIds.length === 0) return;
  await db
    .delete(calendarDeletions)
    .where(
      and(
        eq(calendarDeletions.connectionId, connectionId),
        inArray(calendarDeletions.externalId, externalIds),
      ),
    );
}

/**
 * Sends the connection's pending deletions, oldest first. An acknowledged one (204, or already
 * gone) is forgotten; a failure is counted on its row and stops the sync, which answers 502
 * and is tried again by the next one (background or by hand): nothing is lost on the way.
 */
export async function pushDeletions(
  db: Db,
  row: ConnectionRow,
  provider: CalendarProvider,
  call: <T>(fn: (token: string) => Promise<T>) => Promise<T>,
): Promise<number> {
  const pending = await db
    .select()
    .from(calendarDeletions)
    .where(and(eq(calendarDeletions.connectionId, row.id), eq(calendarDeletions.push, true)))
    .orderBy(calendarDeletions.deletedAt);
  for (const deletion of pending) {
    try {
      await call((t) => provider.deleteEvent(t, row.calendarId!, deletion.externalId));
    } catch (error) {
      await db
        .update(calendarDeletions)
        .set({
          attempts: sql`${calendarDeletions.attempts} + 1`,
          lastError: error instanceof Error ? error.message.slice(0, 500) : String(error),
        })
        .where(eq(calendarDeletions.id, deletion.id));
      throw error;
    }
    await db.delete(calendarDeletions).where(eq(calendarDeletions.id, deletion.id));
  }
  return pending.length;
}
