// npm run test:e2e: build when the sources are newer than dist/, then run the Playwright
// specs in Debian's Chromium against the real server (e2e/global-setup.ts starts it).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildIsStale, ensureDependencies, run } from './lib.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Debian's `chromium-headless-shell`, for the specs without WebRTC (e2e/playwright.config.ts).
const HEADLESS_SHELL =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

function filesUnder(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true })
    .map((entry) => path.join(dir, String(entry)))
    .filter((file) => statSync(file).isFile());
}

ensureDependencies();
if (!existsSync(CHROMIUM)) {
  console.error(`✖ Chromium introuvable (${CHROMIUM}) : apt-get install -y chromium`);
  process.exit(1);
}

const outputs = ['dist/web/index.html', 'dist/server/main.js'];
const inputs = [
  ...filesUnder('web'),
  ...filesUnder('server/src'),
  ...filesUnder('shared'),
  'package-lock.json',
];
if (buildIsStale(outputs, inputs)) {
  console.log('▸ Construction…');
  run('npm', ['run', '--silent', 'build']);
}

// As root (CI), the specs run in a network namespace where only loopback exists, so WebRTC
// media between Chromium and Janus stays on 127.0.0.1 (scripts/netns.mjs, docs/calls.md).
const playwright = [
  'playwright',
  'test',
  '--config',
  'e2e/playwright.config.ts',
  ...process.argv.slice(2),
];
const isolate = process.getuid?.() === 0 && !process.env.RUCHE_NETNS && existsSync('/usr/bin/ip');
const started = Date.now();
const result = spawnSync(
  isolate ? process.execPath : 'npx',
  isolate ? ['scripts/netns.mjs', 'npx', ...playwright] : playwright,
  {
    stdio: 'inherit',
    // Playwright must use Debian's Chromium, never download its own.
    env: {
      ...process.env,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      CHROMIUM_PATH: CHROMIUM,
      ...(existsSync(HEADLESS_SHELL) ? { CHROMIUM_HEADLESS_SHELL_PATH: HEADLESS_SHELL } : {}),
    },
  },
);
console.log(`\nDurée des tests de bout en bout : ${Math.round((Date.now() - started) / 1000)} s`);
process.exit(result.status ?? 1);
