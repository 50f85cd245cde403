import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { CalendarProvider as ProviderName, SyncResult } from '#shared/calendar';
import { conflict, HttpError, notFound } from '../../lib/errors';
import { type CalendarDeps, providerFor } from './connections';
import { pushDeletions } from './deletions';
import { applyChanges } from './import-changes';
import type { ConnectionRow } from './presenter';
import {
  CursorGoneError,
  GrantRevokedError,
  ProviderError,
  ThrottledError,
  TokenRejectedError,
} from './providers/http';
import type { CalendarProvider, ChangePage, EventWrite } from './providers/provider';
import { calendarConnections, calendarEvents } from './schema';
import { withAccessToken } from './tokens';

/** A sync that outlives this (a crashed node) frees its connection for the next one. */
const LEASE_SECONDS = 300;

export const SYNC_BUSY = 'Une synchronisation de cette connexion est déjà en cours';
export const REVOKED =
  'L’accès à l’agenda a été révoqué ou a expiré : supprimez la connexion et ajoutez-la de nouveau';
const PROVIDER_DOWN = 'Le fournisseur d’agenda n’a pas répondu correctement : réessayez plus tard';

/**
 * docs/calendar.md: one sync per connection at a time, on any node. The lease is a column
 * taken by one UPDATE … WHERE the previous lease expired … RETURNING: the database decides.
 */
async function takeLease(deps: CalendarDeps, userId: string, id: string) {
  const [row] = await deps.db
    .update(calendarConnections)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(
      and(
        eq(calendarConnections.id, id),
        eq(calendarConnections.userId, userId),
        or(isNull(calendarConnections.leaseUntil), lt(calendarConnections.leaseUntil, sql`now()`)),
      ),
    )
    .returning();
  return row;
}

/** POST /api/calendar/sync/{id}, and the background sync: import and export by direction. */
export async function syncConnection(
  deps: CalendarDeps,
  userId: string,
  id: string,
): Promise<SyncResult> {
  const row = await takeLease(deps, userId, id);
  if (!row) {
    const [exists] = await deps.db
      .select({ id: calendarConnections.id })
      .from(calendarConnections)
      .where(and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId)));
    throw exists ? conflict(SYNC_BUSY) : notFound('Connexion introuvable');
  }
  try {
    if (!row.isActive) throw conflict('La connexion est inactive : activez-la pour synchroniser');
    if (!row.refreshTokenEnc) throw conflict('Autorisez d’abord l’accès à l’agenda');
    if (!row.calendarId) throw conflict('Choisissez d’abord l’agenda à synchroniser');
    const provider = providerFor(deps, row.provider as ProviderName);
    const result = await runSync(deps, row, provider);
    await deps.db
      .update(calendarConnections)
      .set({ lastSyncAt: new Date(), status: 'connected', lastError: null, leaseUntil: null })
      .where(eq(calendarConnections.id, id));
    return result;
  } catch (error) {
    const failure = asHttpError(error);
    deps.log.warn({ err: error, connectionId: id }, 'calendar sync failed');
    // A refusal of ours (inactive, no calendar yet) is not a failed sync; the provider's is.
    const failed =
      failure instanceof HttpError &&
      (failure.statusCode !== 409 || error instanceof GrantRevokedError);
    await deps.db
      .update(calendarConnections)
      .set({
        leaseUntil: null,
        ...(failed ? { status: 'failed', lastError: failure.message } : {}),
      })
      .where(eq(calendarConnections.id, id));
    throw failure;
  }
}

/** A provider's failure as the answer to the sync request; anything else (the store) as it is. */
function asHttpError(error: unknown): unknown {
  if (error instanceof HttpError) return error;
  if (error instanceof GrantRevokedError) return conflict(REVOKED);
  if (error instanceof ThrottledError) {
    return new HttpError(
      429,
      `Le fournisseur d’agenda limite les requêtes : réessayez dans ${error.retryAfterSeconds} s`,
    );
  }
  const fromProvider =
    error instanceof ProviderError ||
    error instanceof TokenRejectedError ||
    error instanceof CursorGoneError ||
    // fetch could not reach the provider (refused, reset, DNS).
    error instanceof TypeError;
  return fromProvider ? new HttpError(502, PROVIDER_DOWN) : error;
}

async function runSync(
  deps: CalendarDeps,
  row: ConnectionRow,
  provider: CalendarProvider,
): Promise<SyncResult> {
  const call = <T>(fn: (token: string) => Promise<T>) => withAccessToken(deps, row, provider, fn);
  const calendarId = row.calendarId!;
  let imported = 0;
  let exported = 0;
  if (row.syncDirection !== 'export') {
    let full = row.syncCursor === null;
    let page: ChangePage;
    try {
      page = await call((t) => provider.listChanges(t, calendarId, row.syncCursor));
    } catch (error) {
      if (!(error instanceof CursorGoneError)) throw error;
      // Google 410 / Graph 410: the cursor expired; everything again, matched by id.
      full = true;
      page = await call((t) => provider.listChanges(t, calendarId, null));
    }
    imported = await applyChanges(deps.db, row, page, full);
    await deps.db
      .update(calendarConnections)
      .set({ syncCursor: page.cursor })
      .where(eq(calendarConnections.id, row.id));
  }
  if (row.syncDirection !== 'import') {
    exported = await exportEvents(deps, row, provider, call);
    // Last: a provider that fails a DELETE has had the rest of the sync done first.
    await pushDeletions(deps.db, row, provider, call);
  }
  const [linked] = await deps.db
    .select({ n: count() })
    .from(calendarEvents)
    .where(eq(calendarEvents.connectionId, row.id));
  return { imported, skipped: Math.max(0, (linked?.n ?? 0) - imported - exported) };
}

const toWrite = (e: typeof calendarEvents.$inferSelect): EventWrite => ({
  title: e.title,
  description: e.description,
  location: e.location,
  start: e.startTime,
  end: e.endTime,
  allDay: e.allDay,
});

/**
 * The user's own events go out once (then they belong to this connection, by the remote id
 * kept in externalId), and again only when changed here since the last sync. `syncedAt` takes
 * the `updatedAt` of the version sent, so an edit made while it travelled goes out next time.
 */
async function exportEvents(
  deps: CalendarDeps,
  row: ConnectionRow,
  provider: CalendarProvider,
  call: <T>(fn: (token: string) => Promise<T>) => Promise<T>,
): Promise<number> {
  const calendarId = row.calendarId!;
  let exported = 0;
  const fresh = await deps.db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.userId, row.userId),
        isNull(calendarEvents.connectionId),
        isNull(calendarEvents.externalId),
      ),
    );
  for (const event of fresh) {
    const made = await call((t) => provider.createEvent(t, calendarId, toWrite(event)));
    await deps.db
      .update(calendarEvents)
      .set({
        connectionId: row.id,
        externalId: made.id,
        externalEtag: made.version,
        remoteUpdatedAt: made.updatedAt,
        syncedAt: event.updatedAt,
      })
      .where(and(eq(calendarEvents.id, event.id), isNull(calendarEvents.connectionId)));
    exported++;
  }
  const changed = await deps.db
    .select()
    .from(calendarEvents)
    .where(
      and(
        eq(calendarEvents.connectionId, row.id),
        isNotNull(calendarEvents.externalId),
        or(isNull(calendarEvents.syncedAt), gt(calendarEvents.updatedAt, calendarEvents.syncedAt)),
      ),
    );
  for (const event of changed) {
    const made = await call((t) =>
      provider.updateEvent(t, calendarId, event.externalId!, toWrite(event)),
    );
    await deps.db
      .update(calendarEvents)
      .set({
        externalEtag: made.version,
        remoteUpdatedAt: made.updatedAt,
        syncedAt: event.updatedAt,
      })
      .where(eq(calendarEvents.id, event.id));
    exported++;
  }
  return exported;
}
