import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import {
  CALENDAR_PROVIDERS,
  type CalendarConnection,
  type CalendarProviderStatus,
  CONNECTION_NOT_FOUND,
  type ConnectionCreated,
  type ConnectionUpdateInput,
  type CalendarProvider as ProviderName,
  type RemoteCalendar,
} from '#shared/calendar';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/errors';
import type { Deps } from '../deps';
import { type ConnectionRow, presentConnection } from './presenter';
import { googleProvider } from './providers/google';
import { outlookProvider } from './providers/outlook';
import type { CalendarProvider } from './providers/provider';
import { calendarConnections, calendarEvents } from './schema';
import { encryptToken } from './token-crypto';
import { withAccessToken } from './tokens';

/** What the connection and sync services need: the store, the calendar settings, a logger. */
export interface CalendarDeps extends Pick<Deps, 'db' | 'log'> {
  calendar: Config['calendar'];
}

const PROVIDER_LABEL: Record<ProviderName, string> = {
  google: 'Google Agenda',
  outlook: 'Outlook',
};
export const CALLBACK_PATH = '/api/calendar/oauth/callback';

export function providerFor(deps: CalendarDeps, name: ProviderName): CalendarProvider {
  const config = deps.calendar[name];
  if (!config) throw badRequest(`${PROVIDER_LABEL[name]} n’est pas configuré sur ce serveur`);
  return name === 'google' ? googleProvider(config) : outlookProvider(config);
}

/** Which providers this server has an OAuth client for (GET /api/calendar/providers). */
export const providerStatuses = (calendar: Config['calendar']): CalendarProviderStatus[] =>
  CALENDAR_PROVIDERS.map((provider) => ({ provider, configured: Boolean(calendar[provider]) }));

const owned = (userId: string, id: string) =>
  and(eq(calendarConnections.id, id), eq(calendarConnections.userId, userId));

export async function findConnection(db: Db, userId: string, id: string): Promise<ConnectionRow> {
  const [row] = await db.select().from(calendarConnections).where(owned(userId, id));
  if (!row) throw notFound(CONNECTION_NOT_FOUND);
  return row;
}

export async function listConnections(db: Db, userId: string): Promise<CalendarConnection[]> {
  const rows = await db
    .select()
    .from(calendarConnections)
    .where(eq(calendarConnections.userId, userId))
    .orderBy(asc(calendarConnections.createdAt));
  return rows.map(presentConnection);
}

/**
 * A consent round lives an hour (docs/calendar.md, "Connections"): older pending rows, whoever
 * started them, are deleted whenever a round starts or ends, so a state that leaked (a log, a
 * browser history) stops working after the hour even if nobody connects again.
 */
async function deleteStaleConsents(db: Db): Promise<void> {
  await db
    .delete(calendarConnections)
    .where(
      and(
        eq(calendarConnections.status, 'pending'),
        lt(calendarConnections.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
}

/**
 * POST /api/calendar/connections: the connection waits (status pending) while the browser
 * goes to the provider's consent page: authorization code with PKCE (RFC 7636, S256) and a
 * state that the callback looks up.
 */
export async function startConnection(
  deps: CalendarDeps,
  userId: string,
  input: { provider: ProviderName; calendarName: string; syncDirection: string; isActive: boolean },
  origin: string,
): Promise<ConnectionCreated> {
  const provider = providerFor(deps, input.provider);
  await deleteStaleConsents(deps.db);
  const state = randomBytes(24).toString('base64url');
  const verifier = randomBytes(48).toString('base64url');
  const [row] = await deps.db
    .insert(calendarConnections)
    .values({
      userId,
      provider: input.provider,
      calendarName: input.calendarName || null,
      syncDirection: input.syncDirection,
      isActive: input.isActive,
      status: 'pending',
      oauthState: state,
      oauthVerifier: verifier,
    })
    .returning();
  const authorizeUrl = provider.authorizeUrl({
    redirectUri: origin + CALLBACK_PATH,
    state,
    codeChallenge: createHash('sha256').update(verifier).digest('base64url'),
    write: input.syncDirection !== 'import',
  });
  return { connection: presentConnection(row!), authorizeUrl };
}

/**
 * The provider sent the browser back: trade the code for tokens (kept encrypted), and the
 * connection waits for its calendar to be picked. Only the user who started it may finish it.
 */
export async function completeAuthorization(
  deps: CalendarDeps,
  userId: string,
  query: { code?: string; state?: string; error?: string },
  origin: string,
): Promise<string> {
  if (!query.state) throw badRequest('Réponse d’autorisation incomplète');
  await deleteStaleConsents(deps.db);
  const [row] = await deps.db
    .select()
    .from(calendarConnections)
    .where(
      and(eq(calendarConnections.oauthState, query.state), eq(calendarConnections.userId, userId)),
    );
  if (!row?.oauthVerifier) throw notFound(CONNECTION_NOT_FOUND);
  if (query.error || !query.code) {
    await deps.db.delete(calendarConnections).where(eq(calendarConnections.id, row.id));
    throw badRequest('L’autorisation a été refusée');
  }
  const provider = providerFor(deps, row.provider as ProviderName);
  const tokens = await provider.exchangeCode({
    code: query.code,
    redirectUri: origin + CALLBACK_PATH,
    codeVerifier: row.oauthVerifier,
  });
  if (!tokens.refreshToken) throw badRequest('Le fournisseur n’a pas accordé d’accès hors ligne');
  const key = deps.calendar.tokenKey;
  await deps.db
    .update(calendarConnections)
    .set({
      accessTokenEnc: encryptToken(key, tokens.accessToken, row.id),
      refreshTokenEnc: encryptToken(key, tokens.refreshToken, row.id),
      tokenExpiresAt: tokens.expiresAt,
      status: 'connected',
      lastError: null,
      oauthState: null,
      oauthVerifier: null,
      updatedAt: new Date(),
    })
    .where(eq(calendarConnections.id, row.id));
  return row.id;
}

export async function listRemoteCalendars(
  deps: CalendarDeps,
  userId: string,
  id: string,
): Promise<RemoteCalendar[]> {
  const row = await findConnection(deps.db, userId, id);
  if (!row.refreshTokenEnc) throw conflict('Autorisez d’abord l’accès à l’agenda');
  const provider = providerFor(deps, row.provider as ProviderName);
  return withAccessToken(deps, row, provider, (token) => provider.listCalendars(token));
}

export async function updateConnection(
  db: Db,
  userId: string,
  id: string,
  input: ConnectionUpdateInput,
): Promise<CalendarConnection> {
  const current = await findConnection(db, userId, id);
  const changesCalendar = input.calendarId !== undefined && input.calendarId !== current.calendarId;
  const [row] = await db
    .update(calendarConnections)
    .set({
      ...input,
      // Another calendar: its events are another set, synced from scratch.
      ...(changesCalendar ? { syncCursor: null } : {}),
      updatedAt: new Date(),
    })
    .where(owned(userId, id))
    .returning();
  if (!row) throw notFound(CONNECTION_NOT_FOUND);
  return presentConnection(row);
}

/** The tokens go with the row; so do the events it imported (exported ones stay, unlinked). */
export async function deleteConnection(db: Db, userId: string, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(calendarEvents)
      .where(
        and(
          eq(calendarEvents.connectionId, id),
          eq(calendarEvents.userId, userId),
          isNotNull(calendarEvents.externalSource),
        ),
      );
    const deleted = await tx
      .delete(calendarConnections)
      .where(owned(userId, id))
      .returning({ id: calendarConnections.id });
    if (deleted.length === 0) throw notFound(CONNECTION_NOT_FOUND);
  });
}
