/**
 * A Ruche node in its own process, started from the real entry (server/src/main.ts under
 * tsx), so that signals are real: what the drain and multi-node tests stop and watch.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { OVERLOAD_GUARD_OUT_OF_THE_WAY } from './overload-guard';
import { freePort } from './server';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// A node compiles the server under tsx as it starts: 59 s with the two cores at a load average
// of 50 (other test runs beside), a few seconds on a quiet machine.
const START_TIMEOUT_MS = 120_000;

export interface NodeProcess {
  port: number;
  url: string;
  child: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** The last lines it printed. */
  output(): string;
  /** SIGKILL if it is still running (test clean-up). */
  kill(): void;
}

export interface NodeProcessOptions {
  /**
   * The overload guard: out of the way (overload-guard.ts) unless the test is about it and
   * asks for the server's own defaults.
   */
  overloadGuard?: 'out of the way' | 'defaults';
  /**
   * `bundle`: the built server (dist/server/main.js, `npm run build`), as production and the
   * image run it, with no compile at start; default: the sources under tsx.
   */
  entry?: 'source' | 'bundle';
  /** Listen on this port (a node restarted where its load balancer expects it). */
  port?: number;
}

/** Start a node with these variables (on top of quiet, permissive test defaults); waits for /readyz. */
export async function startNodeProcess(
  env: Record<string, string>,
  options: NodeProcessOptions = {},
): Promise<NodeProcess> {
  const port = options.port ?? (await freePort());
  const args =
    options.entry === 'bundle'
      ? ['--enable-source-maps', 'dist/server/main.js']
      : ['--import', 'tsx', 'server/src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT: '100000',
      SEND_RATE_PER_SECOND: '100000',
      WS_FRAMES_PER_SECOND: '100000',
      ...(options.overloadGuard === 'defaults' ? {} : OVERLOAD_GUARD_OUT_OF_THE_WAY),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`node exited (${child.exitCode}):\n${tail}`);
    try {
      if ((await fetch(`${url}/readyz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`node did not get ready within ${START_TIMEOUT_MS} ms:\n${tail}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    port,
    url,
    child,
    exited,
    output: () => tail,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
