// Processes the bench starts and stops itself: the Ruche nodes (from a bundle built into
// bench/.build, so that another engineer's `npm run build` cannot swap dist/ mid-run), a
// private redis-server, the bare ws ceiling server, and the PostgreSQL databases.
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { SERVER_NODE_FLAGS } from '../../scripts/lib.mjs';
import { sleep } from './clock.mjs';
import { request } from './http.mjs';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const buildDir = path.join(repoRoot, 'bench/.build/server');

/**
 * Bundle server/src like scripts/build-server.mjs does, into bench/.build/server; `root` is
 * another checkout of the repository (a reference commit, lib/reference.mjs) and `outDir`
 * its own folder under bench/.build, so that its packages resolve from this repository's
 * node_modules at run time.
 */
export async function buildServer(root = repoRoot, outDir = buildDir) {
  const { build } = await import('esbuild');
  rmSync(outDir, { recursive: true, force: true });
  await build({
    entryPoints: {
      main: path.join(root, 'server/src/main.ts'),
      'embedded-worker': path.join(root, 'server/src/db/embedded-worker.ts'),
    },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(path.join(root, 'server/src/db/migrations'), path.join(outDir, 'migrations'), {
    recursive: true,
  });
  return path.join(outDir, 'main.js');
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function waitForExitOr(child, promise, what) {
  return Promise.race([
    promise,
    new Promise((_, reject) =>
      child.once('exit', (code) => reject(new Error(`${what} exited (${code}) while starting`))),
    ),
  ]);
}

/** Resident memory of a process, in KiB, from /proc/<pid>/status. */
export function memoryOf(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (key) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? NaN);
  return { rssKiB: kib('VmRSS'), anonKiB: kib('RssAnon'), hwmKiB: kib('VmHWM') };
}

/** User + system CPU seconds a process has used, from /proc/<pid>/stat. */
export function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks
  } catch {
    return 0;
  }
}

function stopChild(child, timeoutMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * One Ruche node from the bundle. The session secret is shared by the nodes of a cluster.
 * `env` overrides the bench's settings below (the capacity scenario keeps the server's
 * socket admission rate).
 */
export async function startRuche({
  main,
  databaseUrl,
  dataDir,
  redisUrl,
  secret,
  cpuProfDir,
  log,
  env: extraEnv = {},
}) {
  const port = await freePort();
  // The server's Node flags as npm start gives them, and the profiler when asked.
  const args = [
    ...SERVER_NODE_FLAGS,
    ...(cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []),
    main,
  ];
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SESSION_SECRET: secret,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT: '1000000',
    // The load generators send far faster than people (each sender is one account).
    SEND_RATE_PER_SECOND: '1000000',
    WS_FRAMES_PER_SECOND: '1000000',
    MAX_SOCKETS_PER_USER: '100000',
    // The scenarios connect their thousands of sockets at once.
    WS_ADMIT_PER_SECOND: '1000000',
    // …all from this one address: it is not the visitors' many (capacity keeps the node's rate).
    WS_ADMIT_PER_ADDRESS_PER_SECOND: '1000000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.PUBLIC_URL;
  // A scenario's own settings; undefined removes one (the server's default applies).
  for (const [k, v] of Object.entries(extraEnv)) {
    if (v === undefined) delete env[k];
    else env[k] = v;
  }
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (redisUrl) {
    env.REDIS_URL = redisUrl;
    // What a cluster node refuses to start without (server/src/ops/cluster.ts): the bench
    // sends no files, pushes or calendar tokens across its nodes, so fixed values do.
    env.FILES_DIR_SHARED ??= 'true';
    env.CALENDAR_TOKEN_KEY ??= Buffer.alloc(32, 1).toString('base64');
    env.VAPID_PUBLIC_KEY ??= 'BBenchPublicKey';
    env.VAPID_PRIVATE_KEY ??= 'benchPrivateKey';
  }
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const tail = [];
  const keep = (chunk) => {
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
    if (log) process.stderr.write(chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const ready = (async () => {
    for (let i = 0; i < 600; i++) {
      try {
        const res = await request(port, 'GET', '/api/auth/providers', { timeoutMs: 2000 });
        if (res.status === 200) return;
      } catch {}
      await sleep(100);
    }
    throw new Error(`Ruche did not answer on port ${port} within 60 s`);
  })();
  try {
    await waitForExitOr(child, ready, 'Ruche');
  } catch (err) {
    err.message += `\n${tail.join('')}`;
    throw err;
  }
  return {
    port,
    pid: child.pid,
    origin: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    logTail: () => tail.join(''),
    // A profiled node writes its profile only once drained and closed: give it time to.
    stop: () => stopChild(child, cpuProfDir ? 90_000 : 15_000),
  };
}

/** A private redis-server on a free loopback port: other engineers' tests share 6379. */
export async function startRedis() {
  const port = await freePort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const ready = (async () => {
    for (let i = 0; i < 100; i++) {
      const ok = await new Promise((resolve) => {
        const s = net.connect(port, '127.0.0.1', () => {
          s.end();
          resolve(true);
        });
        s.on('error', () => resolve(false));
      });
      if (ok) return;
      await sleep(100);
    }
    throw new Error('redis-server did not start');
  })();
  await waitForExitOr(child, ready, 'redis-server');
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop: () => stopChild(child) };
}

/** The bare ws broadcast server (bench/ceilings/bare-ws.mjs) as a child process. */
export async function startBareWs() {
  const script = path.join(repoRoot, 'bench/ceilings/bare-ws.mjs');
  const { fork } = await import('node:child_process');
  const child = fork(script, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = await waitForExitOr(
    child,
    new Promise((resolve) => child.once('message', (m) => resolve(m.port))),
    'bare-ws',
  );
  return {
    port,
    pid: child.pid,
    origin: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    stop: () => stopChild(child, 5000),
  };
}

/** The bare INSERT ceiling, run under tsx so that it can use server/src/db/client.ts. */
export function runBareInsert({ store, url, lanes, durationMs }) {
  return new Promise((resolve, reject) => {
    const args = ['--import', 'tsx', path.join(repoRoot, 'bench/ceilings/bare-insert.mjs')];
    args.push('--store', store, '--lanes', String(lanes), '--duration', String(durationMs));
    if (url) args.push('--url', url);
    const child = spawn(process.execPath, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), durationMs + 120_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop();
      if (code !== 0 || !line) return reject(new Error(`bare-insert failed (${code}): ${out}`));
      resolve(JSON.parse(line));
    });
  });
}

export const adminUrl = (base, db) => {
  const u = new URL(base);
  u.pathname = `/${db}`;
  return u.toString();
};

/** A fresh PostgreSQL database for one bench configuration. */
export async function createDatabase(baseUrl, name) {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return adminUrl(baseUrl, name);
}

export async function dropDatabase(baseUrl, name) {
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export function tempDir(prefix) {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

/** The bench's own connection to a store: PostgreSQL URL or the embedded store's socket. */
export function storeClient({ databaseUrl, dataDir }) {
  if (databaseUrl) return postgres(databaseUrl, { max: 2, onnotice: () => {} });
  return postgres({
    path: path.join(dataDir, 'embedded', '.s.PGSQL.5432'),
    username: 'postgres',
    database: 'postgres',
    max: 1,
    prepare: false,
    onnotice: () => {},
  });
}

/** Direct children of a process (the embedded store's PGlite worker under a Ruche node). */
export function childrenOf(pid) {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
