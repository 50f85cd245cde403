import { eq } from 'drizzle-orm';
import type {
  EventContent,
  CalendarProvider as ProviderName,
  ReplacedVersion,
} from '#shared/calendar';
import type { Db } from '../../db/client';
import { deletionsOf, forgetDeletions } from './deletions';
import type { ConnectionRow, EventRow } from './presenter';
import type { ChangePage, RemoteEvent } from './providers/provider';
import { calendarEvents } from './schema';

const fieldsOf = (remote: RemoteEvent) => ({
  title: remote.title,
  description: remote.description,
  location: remote.location,
  startTime: remote.start,
  endTime: remote.end.getTime() < remote.start.getTime() ? remote.start : remote.end,
  allDay: remote.allDay,
  externalEtag: remote.version,
  remoteUpdatedAt: remote.updatedAt,
});

const contentOfRow = (e: EventRow): EventContent => ({
  title: e.title,
  description: e.description,
  location: e.location,
  startTime: e.startTime.toISOString(),
  endTime: e.endTime.toISOString(),
  allDay: e.allDay,
});

const contentOfRemote = (r: RemoteEvent): EventContent => {
  const fields = fieldsOf(r);
  return {
    title: fields.title,
    description: fields.description,
    location: fields.location,
    startTime: fields.startTime.toISOString(),
    endTime: fields.endTime.toISOString(),
    allDay: fields.allDay,
  };
};

/**
 * Changed in Ruche since the last sync. `syncedAt` holds the event's `updatedAt` as it was when
 * the connection last read or wrote it, so a later `updatedAt` is an edit made here since.
 */
export const editedHere = (e: Pick<EventRow, 'updatedAt' | 'syncedAt'>): boolean =>
  e.syncedAt === null || e.updatedAt.getTime() > e.syncedAt.getTime();

/**
 * docs/calendar.md "Conflicts and deletions": new and changed remote events in, deleted ones
 * out, by these rules. An unchanged version is skipped. When the event also changed in Ruche
 * since the last sync, the later change wins, compared on the provider's modification time and
 * Ruche's `updatedAt`; the losing one is kept on the event (`replacedVersion`). A remote id
 * deleted in Ruche (a tombstone) is not imported again unless changed remotely after that
 * deletion. A remote deletion removes the event unless it was edited in Ruche since the last
 * sync: then the edit wins and the event stays, as Ruche's own. Answers how many events this
 * import wrote.
 */
export async function applyChanges(
  db: Db,
  row: ConnectionRow,
  page: ChangePage,
  full: boolean,
): Promise<number> {
  const locals = new Map(
    (await db.select().from(calendarEvents).where(eq(calendarEvents.connectionId, row.id))).map(
      (e) => [e.externalId!, e],
    ),
  );
  const deletions = await deletionsOf(db, row.id);
  const now = new Date();
  const note = (
    side: ReplacedVersion['side'],
    change: ReplacedVersion['change'],
    changedAt: Date | null,
    previous: EventContent | null,
  ): ReplacedVersion => ({
    provider: row.provider as ProviderName,
    side,
    change,
    changedAt: changedAt?.toISOString() ?? null,
    resolvedAt: now.toISOString(),
    previous,
  });

  const insert = (remote: RemoteEvent, replacedVersion: ReplacedVersion | null) =>
    db
      .insert(calendarEvents)
      .values({
        userId: row.userId,
        connectionId: row.id,
        externalId: remote.id,
        externalSource: row.provider,
        googleEventId: row.provider === 'google' ? remote.id : null,
        ...fieldsOf(remote),
        replacedVersion,
        syncedAt: now,
        updatedAt: now,
      })
      // Unique (connection_id, external_id): an event is never imported twice.
      .onConflictDoUpdate({
        target: [calendarEvents.connectionId, calendarEvents.externalId],
        set: { ...fieldsOf(remote), syncedAt: now, updatedAt: now },
      });
  const overwrite = (local: EventRow, remote: RemoteEvent, replaced?: ReplacedVersion) =>
    db
      .update(calendarEvents)
      .set({
        ...fieldsOf(remote),
        ...(replaced ? { replacedVersion: replaced } : {}),
        syncedAt: now,
        updatedAt: now,
      })
      .where(eq(calendarEvents.id, local.id));
  const goneRemotely = async (local: EventRow, at: Date | null) => {
    if (!editedHere(local)) {
      await db.delete(calendarEvents).where(eq(calendarEvents.id, local.id));
      return;
    }
    // Edited here since: the edit wins over the deletion. Unlinked, the event is Ruche's own
    // again (and goes out anew if the connection exports).
    await db
      .update(calendarEvents)
      .set({
        connectionId: null,
        externalId: null,
        externalSource: null,
        googleEventId: null,
        externalEtag: null,
        remoteUpdatedAt: null,
        syncedAt: null,
        replacedVersion: note('provider', 'deleted', at, null),
      })
      .where(eq(calendarEvents.id, local.id));
  };

  let imported = 0;
  const forgotten = new Set<string>();
  for (const remote of page.changed) {
    const deletedAt = deletions.get(remote.id);
    if (deletedAt) {
      // Deleted in Ruche: it stays so, unless changed at the provider after that deletion.
      if (remote.updatedAt.getTime() <= deletedAt.getTime()) continue;
      forgotten.add(remote.id);
      await insert(remote, note('ruche', 'deleted', deletedAt, null));
      imported++;
      continue;
    }
    const local = locals.get(remote.id);
    if (!local) {
      await insert(remote, null);
      imported++;
      continue;
    }
    if (local.externalEtag === remote.version) continue;
    if (!editedHere(local)) {
      await overwrite(local, remote);
      imported++;
      continue;
    }
    // Both sides changed since the last sync: the later change wins (a tie keeps Ruche's).
    if (remote.updatedAt.getTime() > local.updatedAt.getTime()) {
      await overwrite(local, remote, note('ruche', 'edited', local.updatedAt, contentOfRow(local)));
      imported++;
      continue;
    }
    // Ruche's edit stays (and goes out with the export); the provider's is kept beside it.
    await db
      .update(calendarEvents)
      .set({
        externalEtag: remote.version,
        remoteUpdatedAt: remote.updatedAt,
        replacedVersion: note('provider', 'edited', remote.updatedAt, contentOfRemote(remote)),
      })
      .where(eq(calendarEvents.id, local.id));
  }

  const removed = new Set(page.removed.map((r) => r.id));
  for (const gone of page.removed) {
    if (deletions.has(gone.id)) forgotten.add(gone.id);
    const local = locals.get(gone.id);
    if (local) await goneRemotely(local, gone.at);
  }
  if (full) {
    // A full listing is the whole truth: imported events it no longer has are gone remotely,
    // and so are the remote copies of events deleted here.
    const seen = new Set(page.changed.map((r) => r.id));
    for (const [externalId, local] of locals) {
      if (seen.has(externalId) || removed.has(externalId) || local.externalSource === null) {
        continue;
      }
      await goneRemotely(local, null);
    }
    for (const externalId of deletions.keys()) if (!seen.has(externalId)) forgotten.add(externalId);
  }
  await forgetDeletions(db, row.id, [...forgotten]);
  return imported;
}
