/**
 * A calendar connection made the way a browser makes it (docs/calendar.md, "Connections and
 * OAuth"), against server/test/fake-calendar-providers.ts, and a sync asked by hand.
 */
import { expect } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type {
  CalendarConnection,
  ConnectionCreated,
  RemoteCalendar,
  SyncDirection,
  SyncResult,
} from '#shared/calendar';
import type { Actor } from './factories';
import { FAKE_CALENDAR_ID, type FakeProviderName } from './fake-calendar-providers';
import type { TestServer } from './server';

/** The whole consent round trip, as a browser makes it, then the calendar is picked. */
export async function connectCalendar(
  server: TestServer,
  who: Actor,
  provider: FakeProviderName,
  syncDirection: SyncDirection = 'import',
): Promise<CalendarConnection> {
  const created = await who.client.post<ConnectionCreated>('/api/calendar/connections', {
    provider,
    calendarName: '',
    syncDirection,
    isActive: true,
  });
  expect(created.status).toBe(201);
  expect(created.body.connection.status).toBe('pending');
  const consent = await fetch(created.body.authorizeUrl, { redirect: 'manual' });
  const back = new URL(consent.headers.get('location')!);
  expect(back.pathname).toBe('/api/calendar/oauth/callback');
  const done = await who.client.get(`${back.pathname}${back.search}`);
  expect(done.status).toBe(302);
  const pick = new URL(done.headers.get('location')!, server.url).searchParams.get('pick')!;
  const calendars = await who.client.get<RemoteCalendar[]>(
    `/api/calendar/connections/${pick}/calendars`,
  );
  expect(calendars.body.map((c) => c.id)).toEqual([FAKE_CALENDAR_ID]);
  const picked = await who.client.patch<CalendarConnection>(`/api/calendar/connections/${pick}`, {
    calendarId: FAKE_CALENDAR_ID,
    calendarName: calendars.body[0]!.name,
  });
  expect(picked.body).toMatchObject({ status: 'connected', calendarId: FAKE_CALENDAR_ID });
  return picked.body;
}

/** POST /api/calendar/sync/{id}: the sync the « Synchroniser maintenant » button asks for. */
export const syncCalendar = (who: Actor, id: string) =>
  who.client.post<SyncResult & ApiErrorBody>(`/api/calendar/sync/${id}`);
