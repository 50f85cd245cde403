/**
 * The calendar tests' world (docs/calendar.md): a server with two people on it, Alice and
 * Bob, each with a calendar of their own; and a reading of one person's calendar as the app
 * asks for it.
 */
import type { CalendarEvent } from '#shared/calendar';
import { type Actor, buildUser } from './factories';
import { startTestServer, type TestServer, type TestServerOptions } from './server';

export interface CalendarWorld {
  server: TestServer;
  alice: Actor;
  bob: Actor;
}

export async function startCalendarWorld(options: TestServerOptions = {}): Promise<CalendarWorld> {
  const server = await startTestServer(options);
  const alice = await buildUser(server, { displayName: 'Alice' });
  const bob = await buildUser(server, { displayName: 'Bob' });
  return { server, alice, bob };
}

/** GET /api/calendar/events: what `who` sees on their calendar. */
export const calendarEventsOf = async (who: Actor): Promise<CalendarEvent[]> =>
  (await who.client.get<CalendarEvent[]>('/api/calendar/events')).body;
