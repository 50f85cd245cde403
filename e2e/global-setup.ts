import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { janusInstalled, startJanus } from '../scripts/janus.mjs';
import { FakeCalendarProviders } from '../server/test/fake-calendar-providers';
import { freePort, prepareE2eTemplate, startE2eServer } from './server-process';

/**
 * Start the built server with a fresh embedded store in a temporary DATA_DIR (and Janus, when
 * installed, for voice channels and rooms); the returned function (Playwright's teardown)
 * stops them and removes the data.
 */
export default async function globalSetup() {
  // One migrated store, copied by every server the specs start (this one included).
  const removeTemplate = await prepareE2eTemplate();
  // Google's and Microsoft's OAuth and calendar endpoints on loopback (calendar.spec.ts).
  const calendarProviders = await new FakeCalendarProviders().start();
  process.env.RUCHE_E2E_CALENDAR_PROVIDERS = calendarProviders.url;
  // Voice channels and rooms through Janus (docs/calls.md): ICE on loopback only.
  const janusDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-e2e-janus-'));
  const janus = janusInstalled()
    ? await startJanus(janusDir, {
        wsPort: await freePort(),
        rtpRange: '40000-40999',
        loopbackOnly: true,
        log: 'ignore',
      })
    : undefined;
  if (janus) process.env.RUCHE_E2E_JANUS = janus.url;
  let server: Awaited<ReturnType<typeof startE2eServer>>;
  try {
    server = await startE2eServer({
      ...calendarProviders.env(),
      ...(janus ? { JANUS_URL: janus.url } : {}),
    });
  } catch (error) {
    janus?.child.kill('SIGKILL');
    await rm(janusDir, { recursive: true, force: true });
    await calendarProviders.close();
    await removeTemplate();
    throw error;
  }
  process.env.RUCHE_E2E_BASE_URL = server.url;

  return async () => {
    await server.stop();
    janus?.child.kill('SIGTERM');
    await rm(janusDir, { recursive: true, force: true });
    await calendarProviders.close();
    await removeTemplate();
  };
}
