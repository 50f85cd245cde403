// npm test: install what is missing, then run every check — typecheck, lint, the import
// boundaries (check:arch), the unit/API/realtime suites against PostgreSQL and the embedded
// store (multi-node cases with Redis), and the browser end-to-end tests in Debian's Chromium.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { ensureDependencies, run } from './lib.mjs';

const started = Date.now();
const step = (name) => console.log(`\n▸ ${name}`);

/**
 * Debian's packages the suite runs, installed when missing: Chromium and its headless shell
 * (e2e/playwright.config.ts), Janus for voice channels and rooms (docs/calls.md), coturn for
 * calls through a TURN relay (calls-relay.spec.ts starts its own).
 */
function ensurePackages() {
  const missing = [
    ['chromium', '/usr/bin/chromium'],
    ['chromium-headless-shell', '/usr/bin/chromium-headless-shell'],
    ['janus', '/usr/bin/janus'],
    ['coturn', '/usr/bin/turnserver'],
  ].flatMap(([name, binary]) => (existsSync(binary) ? [] : [name]));
  if (!missing.length) return;
  step(`Installation des paquets Debian : ${missing.join(', ')}`);
  const asRoot = process.getuid?.() === 0;
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const apt = (args) =>
    asRoot ? run('apt-get', args, { env }) : run('sudo', ['apt-get', ...args], { env });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', ...missing]);
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
ensurePackages();
await ensureServices();
mkdirSync('test-results', { recursive: true });
// A report left by an earlier run must not count for this one.
for (const report of ['test-results/vitest.json', 'test-results/e2e.json'])
  rmSync(report, { force: true });

// The static checks, the build and the Vitest suites run side by side (docs/performance.md,
// "`npm test`"): the checks and the build read the sources and write nothing the others read,
// and they last about a minute. The end-to-end tests need the build and start once Vitest has
// ended: run beside it on two cores, both went 2.3 times slower (Vitest 580 → 1,353 s) and the
// tests bounded in time failed (p99 < 100 ms, send buckets, CLI timeouts; docs/performance-log.md).
// A static check that fails stops everything; a failing test suite lets the other run, to report
// both.
const vitest = [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/vitest.json',
];
const steps = [
  {
    name: 'Vérification des types (serveur)',
    command: 'npx',
    args: ['tsc', '-p', 'tsconfig.json', '--noEmit'],
    check: true,
  },
  {
    name: 'Vérification des types (web)',
    command: 'npx',
    args: ['tsc', '-p', 'web/tsconfig.json', '--noEmit'],
    check: true,
  },
  {
    name: 'Vérification des types (service worker)',
    command: 'npx',
    args: ['tsc', '-p', 'web/sw/tsconfig.json', '--noEmit'],
    check: true,
  },
  {
    name: 'Vérification des types (e2e)',
    command: 'npx',
    args: ['tsc', '-p', 'e2e/tsconfig.json', '--noEmit'],
    check: true,
  },
  { name: 'Lint', command: 'npm', args: ['run', '--silent', 'lint'], check: true },
  { name: 'Architecture', command: 'npm', args: ['run', '--silent', 'check:arch'], check: true },
  { name: 'Construction', command: 'npm', args: ['run', '--silent', 'build'], check: true },
  {
    name: 'Tests unitaires, API et temps réel (PostgreSQL, stockage embarqué, Redis)',
    tag: 'vitest',
    command: 'npx',
    args: vitest,
  },
  {
    name: 'Tests de bout en bout (Chromium)',
    tag: 'e2e',
    command: 'node',
    args: ['scripts/e2e.mjs'],
    after: 'Construction',
    // Once Vitest has ended, whatever its result (the comment above).
    alsoAfter: 'Tests unitaires, API et temps réel (PostgreSQL, stockage embarqué, Redis)',
    // Absolute: Playwright resolves report paths against its config's folder.
    env: { RUCHE_E2E_JSON: path.resolve('test-results/e2e.json') },
  },
];

const running = new Set();
/** Stop a step's whole process group; the native tsc does not stop on SIGTERM: SIGKILL after 5 s. */
function stopGroup(child) {
  const signal = (name) => {
    try {
      process.kill(-child.pid, name);
    } catch {
      // Already gone.
    }
  };
  signal('SIGTERM');
  setTimeout(() => signal('SIGKILL'), 5000).unref();
}
// Interrupted (Ctrl-C, CI's timeout): the steps' process groups do not hear it themselves.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of running) stopGroup(child);
    process.exit(130);
  });
}

/**
 * Runs the steps, each once the one it comes `after` has succeeded and the one it comes
 * `alsoAfter` has ended. A check's output is
 * printed whole when it ends; a suite's lines as they come, after its tag (two suites write
 * at once). Resolves with the names of the steps that failed or could not start; a failed check
 * stops the others, which are not named.
 */
function runSteps(all) {
  return new Promise((resolve) => {
    const status = new Map();
    const children = new Map();
    const failed = new Set();
    const stopped = new Set();
    const finish = () => {
      if ([...status.values()].every((s) => s === 'done')) resolve([...failed]);
    };
    const start = (current) => {
      status.set(current.name, 'running');
      const begun = Date.now();
      const child = spawn(current.command, current.args, {
        stdio: ['ignore', 'pipe', 'pipe'],
        // Its own process group, stopped whole (npx, the browsers, the servers).
        detached: true,
        env: { ...process.env, ...current.env },
      });
      children.set(current.name, child);
      running.add(child);
      const output = [];
      const pending = { stdout: '', stderr: '' };
      const relay = (stream) => (chunk) => {
        if (!current.tag) return output.push(chunk);
        const lines = (pending[stream] + chunk.toString()).split('\n');
        pending[stream] = lines.pop();
        for (const line of lines) process.stdout.write(`[${current.tag}] ${line}\n`);
      };
      child.stdout.on('data', relay('stdout'));
      child.stderr.on('data', relay('stderr'));
      child.on('close', (code, signal) => {
        children.delete(current.name);
        running.delete(child);
        status.set(current.name, 'done');
        const seconds = Math.round((Date.now() - begun) / 1000);
        for (const rest of Object.values(pending)) {
          if (rest) process.stdout.write(`[${current.tag}] ${rest}\n`);
        }
        console.log(`\n▸ ${current.name} (${seconds} s)`);
        process.stdout.write(Buffer.concat(output));
        const ok = code === 0 && !signal;
        if (!ok && !stopped.has(current.name)) failed.add(current.name);
        for (const next of all) {
          if (status.get(next.name) !== 'waiting') continue;
          if (next.after === current.name && !ok) {
            status.set(next.name, 'done');
            if (!stopped.has(current.name)) failed.add(next.name);
            continue;
          }
          // `after` must have succeeded (a failure settled it just above), `alsoAfter` ended.
          const needs = [next.after, next.alsoAfter].filter(Boolean);
          if (needs.includes(current.name) && needs.every((name) => status.get(name) === 'done'))
            start(next);
        }
        if (!ok && current.check) {
          // A check failed: the run is failed, the suites' results would not change that.
          for (const [name, other] of children) {
            stopped.add(name);
            stopGroup(other);
          }
          for (const step of all)
            if (status.get(step.name) === 'waiting') status.set(step.name, 'done');
        }
        finish();
      });
    };
    for (const current of all) status.set(current.name, 'waiting');
    for (const current of all) if (!current.after) start(current);
  });
}

step('Vérifications, construction et tests (Vitest, puis le bout en bout)');
const failed = await runSteps(steps);
addVitest('test-results/vitest.json');
addPlaywright('test-results/e2e.json');

const seconds = Math.round((Date.now() - started) / 1000);
console.log(`\nDurée totale : ${seconds} s`);
console.log(`${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
if (failed.length) console.error(`\n✖ ${failed.join(', ')}`);
const ok = failed.length === 0 && counts.failed === 0 && counts.passed > 0;
process.exit(ok ? 0 : 1);
