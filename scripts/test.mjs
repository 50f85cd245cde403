// npm test: install what is missing, then run every check — typecheck, lint, the import
// boundaries (check:arch), the unit/API/realtime suites against PostgreSQL and the embedded
// store (multi-node cases with Redis), and the browser end-to-end tests in Debian's Chromium.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureDependencies, run } from './lib.mjs';

const started = Date.now();
const step = (name) => console.log(`\n▸ ${name}`);

function ensureChromium() {
  if (existsSync('/usr/bin/chromium')) return;
  step('Installation de Chromium (paquet Debian)');
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'chromium']);
}

/** Voice channels and rooms go through Janus in the e2e specs (docs/calls.md). */
function ensureJanus() {
  if (existsSync('/usr/bin/janus')) return;
  step('Installation de Janus (paquet Debian)');
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'janus']);
}

/** Calls through a TURN relay in the e2e specs (calls-relay.spec.ts starts its own coturn). */
function ensureCoturn() {
  if (existsSync('/usr/bin/turnserver')) return;
  step('Installation de coturn (paquet Debian)');
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', 'coturn']);
}

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 2000 });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });
}

async function ensureServices() {
  const pg = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const redis = new URL(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
  const missing = [];
  if (!(await reachable(pg.hostname, Number(pg.port || 5432))))
    missing.push(`PostgreSQL (${pg.host})`);
  if (!(await reachable(redis.hostname, Number(redis.port || 6379))))
    missing.push(`Redis (${redis.host})`);
  if (missing.length) {
    console.error(`\n✖ Service(s) injoignable(s) : ${missing.join(', ')}. Voir README, « Tests ».`);
    process.exit(1);
  }
}

/** Runs the commands at once; prints each one's output as it ends; exits on the first failure. */
async function runTogether(commands) {
  const results = await Promise.all(
    commands.map(
      ([name, command, args]) =>
        new Promise((resolve) => {
          const begun = Date.now();
          const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
          const output = [];
          child.stdout.on('data', (chunk) => output.push(chunk));
          child.stderr.on('data', (chunk) => output.push(chunk));
          child.on('close', (code) => {
            const seconds = Math.round((Date.now() - begun) / 1000);
            console.log(`\n▸ ${name} (${seconds} s)`);
            process.stdout.write(Buffer.concat(output));
            resolve({ name, code });
          });
        }),
    ),
  );
  const failed = results.filter((result) => result.code !== 0);
  if (failed.length) {
    console.error(`\n✖ ${failed.map((result) => result.name).join(', ')}`);
    process.exit(failed[0].code ?? 1);
  }
}

const counts = { passed: 0, failed: 0, skipped: 0 };
function addVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += report.numPassedTests ?? 0;
  counts.failed += report.numFailedTests ?? 0;
  counts.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
function addPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  counts.failed += stats?.unexpected ?? 0;
  counts.skipped += stats?.skipped ?? 0;
}

ensureDependencies();
ensureChromium();
ensureJanus();
ensureCoturn();
await ensureServices();
mkdirSync('test-results', { recursive: true });

// The static checks and the build read the sources and write nothing the others read: they
// run side by side (most are single-threaded), each one's output printed when it ends
// (docs/performance.md, "`npm test`").
step('Vérification des types, lint, architecture (import boundaries) et construction');
await runTogether([
  ['Vérification des types (serveur)', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']],
  ['Vérification des types (web)', 'npx', ['tsc', '-p', 'web/tsconfig.json', '--noEmit']],
  ['Vérification des types (e2e)', 'npx', ['tsc', '-p', 'e2e/tsconfig.json', '--noEmit']],
  ['Lint', 'npm', ['run', '--silent', 'lint']],
  ['Architecture', 'npm', ['run', '--silent', 'check:arch']],
  ['Construction', 'npm', ['run', '--silent', 'build']],
]);

step('Tests unitaires, API et temps réel (PostgreSQL, stockage embarqué, Redis)');
const unit = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    '--outputFile.json=test-results/vitest.json',
  ],
  { stdio: 'inherit' },
);
addVitest('test-results/vitest.json');

step('Tests de bout en bout (Chromium)');
const e2e = spawnSync('node', ['scripts/e2e.mjs'], {
  stdio: 'inherit',
  // Absolute: Playwright resolves report paths against its config's folder.
  env: { ...process.env, RUCHE_E2E_JSON: path.resolve('test-results/e2e.json') },
});
addPlaywright('test-results/e2e.json');

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nDurée totale : ${seconds} s`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
const ok = unit.status === 0 && e2e.status === 0 && counts.failed === 0 && counts.passed > 0;
process.exit(ok ? 0 : 1);
