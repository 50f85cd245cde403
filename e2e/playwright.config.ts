import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server (built app + embedded store) started by
 * global-setup.ts on a free loopback port. Chromium is Debian's: Playwright never downloads
 * a browser here. The specs run in Debian's Chromium headless shell (the same engine without
 * the browser's own interface: 13 % less CPU on the same specs, docs/performance-log.md,
 * "`npm test`"), the WebRTC specs in the full Chromium (e2e/webrtc.ts); the shell is used
 * when installed (scripts/e2e.mjs names it), the full Chromium otherwise.
 */
const BROWSER =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonReport = process.env.RUCHE_E2E_JSON;

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // Three workers on the 2-core CI machine, one per two cores above that: the specs wait on
  // the server and on timers, and two kept the cores 73 % busy. The 150 tests, quiet machine:
  // two workers 725 s, three 649 s for the same CPU (1,043 and 1,033 s), all passed
  // (docs/performance-log.md, "2026-12-05, three browser workers").
  workers: Math.max(3, Math.floor(os.availableParallelism() / 2)),
  // Three workers, each with two browsers, share two cores with the server and Janus: a page's
  // first load takes several seconds of main-thread work there (parsing ~1 MB of JS), so
  // the waits are generous; a broken page still fails, only later.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: jsonReport ? [['list'], ['json', { outputFile: jsonReport }]] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // No trace unless asked (`npm run test:e2e -- --trace retain-on-failure`): recording one
    // for every spec, to keep the failures', cost the same 27 specs 272–403 s of CPU against
    // 219–221 s without (docs/performance-log.md, "2026-12-03"). A failure still leaves its
    // screenshots.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
