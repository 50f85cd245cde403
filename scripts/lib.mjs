// Helpers shared by the npm scripts: run a command, install dependencies when missing.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';

/**
 * How the server's Node runs (npm start, the bench, the Dockerfile's CMD):
 * - a young generation of 32 MiB per semi-space instead of 16: fewer scavenges under load,
 *   10.5 → 7.8 % of the busy main thread in garbage collection at 5,000 users
 *   (docs/performance-log.md, "capacity, 2026-11-27, 10:23");
 * - an old generation of at most 1,536 MiB: V8 then lets the heap grow to ~1.8 times what is
 *   live before a full collection instead of four times, so the node's memory levels off
 *   under steady load instead of climbing for the whole run (at 4,000 users: 550–660 MiB
 *   over a 15-minute soak where it passed 1 GiB, ~165 MiB live; docs/performance-log.md,
 *   "capacity, 2026-11-27, 13:13", and docs/operations.md, "Sizing").
 */
export const SERVER_NODE_FLAGS = [
  '--enable-source-maps',
  '--max-semi-space-size=32',
  '--max-old-space-size=1536',
];

export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) {
    const code = result.status ?? 1;
    console.error(`\n✖ ${command} ${args.join(' ')} (exit ${code})`);
    process.exit(code);
  }
}

/**
 * Install from package-lock.json when node_modules is absent or older than it. `npm install`
 * rather than `npm ci`: the lock leaves out the platform builds of optional packages that
 * the registry here does not serve, which `npm ci` takes for a lock out of sync.
 */
export function ensureDependencies() {
  const marker = 'node_modules/.package-lock.json';
  const stale =
    !existsSync(marker) || statSync(marker).mtimeMs < statSync('package-lock.json').mtimeMs;
  if (!stale) return;
  console.log('▸ Installation des dépendances…');
  run('npm', ['install', '--no-audit', '--no-fund']);
}

/** True when the built app is older than any of its sources. */
export function buildIsStale(outputs, inputs) {
  const newest = (paths) =>
    Math.max(...paths.map((p) => (existsSync(p) ? statSync(p).mtimeMs : 0)));
  if (!outputs.every((p) => existsSync(p))) return true;
  return newest(inputs) > Math.min(...outputs.map((p) => statSync(p).mtimeMs));
}

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
