import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { OVERLOAD_GUARD_OUT_OF_THE_WAY } from '../server/test/overload-guard';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// RUCHE_E2E_SERVER points at another build of the server (its dist/web beside it).
const serverEntry = path.resolve(
  process.env.RUCHE_E2E_SERVER ?? path.join(repoRoot, 'dist/server/main.js'),
);
const webIndex = path.join(path.dirname(serverEntry), '../web/index.html');
// The specs' sign-ups hash at the API tests' cost (cheap-password-hash.mjs says why).
const cheapPasswordHash = pathToFileURL(path.join(repoRoot, 'e2e/cheap-password-hash.mjs')).href;
// Two shared cores under parallel specs: an embedded store's first start can be slow.
const START_TIMEOUT_MS = 120_000;

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function waitUntilServing(baseUrl: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode}:\n${log()}`);
    }
    try {
      const res = await fetch(`${baseUrl}/api/auth/providers`);
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer within ${START_TIMEOUT_MS} ms:\n${log()}`);
}

export interface E2eServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * The built server with a fresh embedded store in a temporary DATA_DIR, with the e2e
 * settings and `env` over them: the shared server (global-setup.ts), or a second one for a
 * spec that needs other settings (default-channel.spec.ts).
 */
export async function startE2eServer(
  extra: NodeJS.ProcessEnv | ((baseUrl: string) => NodeJS.ProcessEnv) = {},
  options: {
    /**
     * A test entry run from the sources under tsx instead of the built server, for what no
     * variable may set (server/test/link-previews-node.ts); it serves the built web app too.
     */
    sourceEntry?: string;
    /**
     * Where the store lives, kept when the server stops (its caller removes it), and the port:
     * a server stopped and started again on the same origin (offline.spec.ts).
     */
    dataDir?: string;
    port?: number;
  } = {},
): Promise<E2eServer> {
  if (!existsSync(serverEntry) || !existsSync(webIndex)) {
    throw new Error('dist/ is missing: run `npm run test:e2e` (it builds) or `npm run build`.');
  }
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'ruche-e2e-')));
  // A copy of the store global-setup.ts migrated once (prepareE2eTemplate): a fresh embedded
  // store spends seconds in its migrations, and a dozen specs start a server of their own.
  const template = process.env.RUCHE_E2E_TEMPLATE;
  if (template && !existsSync(path.join(dataDir, 'embedded'))) {
    await cp(path.join(template, 'embedded'), path.join(dataDir, 'embedded'), { recursive: true });
  }
  const port = options.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = '';
  // The embedded store, local accounts, no proxy: whatever the caller's shell configures.
  const inherited: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID']) {
    delete inherited[key];
  }
  const env: NodeJS.ProcessEnv = {
    ...inherited,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every spec signs up its own users, all from one address.
    AUTH_RATE_LIMIT: '10000',
    // Specs seed hundreds of messages through the API at once; people never send that fast.
    SEND_RATE_PER_SECOND: '100000',
    // Load shedding is tested in server/src/lib/overload.test.ts: here the browser and the
    // server share two cores with parallel specs, and a lagging loop or a busy store is not
    // the subject. The event-loop limit is off, not just high: a second in which the loop
    // never turned counts as an infinite delay (@fastify/under-pressure), which refused a
    // sign-up's PATCH in 4 ms in a CI run.
    ...OVERLOAD_GUARD_OUT_OF_THE_WAY,
    // Specs share one server and expect a new account's home to be empty: the default
    // channel has its own server (default-channel.spec.ts) and its API test
    // (server/src/features/channels/default-channel.test.ts).
    DEFAULT_CHANNEL: '',
    // Calls connect over loopback only: no public STUN server (calls.spec.ts checks the pair).
    ICE_SERVERS: '[]',
    // The specs' links are never read from the Internet: link-previews.spec.ts has its own server.
    LINK_PREVIEWS: 'off',
    // Notifications are not held outside working hours, whatever the hour the specs run at,
    // unless a spec turns the right to disconnect's policy on.
    DISCONNECT_DEFAULT_ENABLED: 'false',
    ...(typeof extra === 'function' ? extra(baseUrl) : extra),
  };
  const args = [
    '--import',
    cheapPasswordHash,
    ...(options.sourceEntry
      ? ['--import', 'tsx', options.sourceEntry]
      : ['--enable-source-maps', serverEntry]),
  ];
  const server = spawn(process.execPath, args, {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  try {
    await waitUntilServing(baseUrl, server, () => output);
  } catch (error) {
    server.kill('SIGKILL');
    if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  return {
    url: baseUrl,
    async stop() {
      if (server.exitCode === null) {
        const exited = new Promise((resolve) => server.once('exit', resolve));
        server.kill('SIGTERM');
        const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Migrate an embedded store once, in a server started and stopped for that, and point every
 * later startE2eServer at a copy of it (RUCHE_E2E_TEMPLATE, read by the workers too). The
 * returned function removes it.
 */
export async function prepareE2eTemplate(): Promise<() => Promise<void>> {
  delete process.env.RUCHE_E2E_TEMPLATE;
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ruche-e2e-template-'));
  const server = await startE2eServer({ DATA_DIR: dir });
  await server.stop();
  process.env.RUCHE_E2E_TEMPLATE = dir;
  return () => rm(dir, { recursive: true, force: true });
}
