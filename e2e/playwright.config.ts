import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests against the real server (built app + embedded store) started by
 * global-setup.ts on a free loopback port. Chromium is Debian's: Playwright never downloads
 * a browser here.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const jsonReport = process.env.RUCHE_E2E_JSON;

export default defineConfig({
  testDir: './specs',
  globalSetup: './global-setup.ts',
  outputDir: '../test-results/e2e',
  fullyParallel: true,
  forbidOnly: true,
  retries: 0,
  // One worker per two cores: on the 2-core CI machine two workers (four Chromium contexts,
  // the server and Janus on two cores) made first loads take 10 s and specs time out.
  workers: Math.max(1, Math.floor(os.availableParallelism() / 2)),
  // Two workers, each with two browsers, share two cores with the server and Janus: a page's
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
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
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
