import { FakeCalendarProviders } from '../server/test/fake-calendar-providers';
import { startE2eServer } from './server-process';

/**
 * Start the built server with a fresh embedded store in a temporary DATA_DIR; the returned
 * function (Playwright's teardown) stops it and removes the data.
 */
export default async function globalSetup() {
  // Google's and Microsoft's OAuth and calendar endpoints on loopback (calendar.spec.ts).
  const calendarProviders = await new FakeCalendarProviders().start();
  process.env.RUCHE_E2E_CALENDAR_PROVIDERS = calendarProviders.url;
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  try {
    server = await startE2eServer(calendarProviders.env());
  } catch (error) {
    await calendarProviders.close();
    throw error;
  }
  process.env.RUCHE_E2E_BASE_URL = server.url;

  return async () => {
    await server.stop();
    await calendarProviders.close();
  };
}
