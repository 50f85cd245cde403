// What room-first-frame.mjs starts: a Janus of its own
// on loopback (scripts/janus.mjs) and the built server driving it, on the embedded store in a
// temporary DATA_DIR; and Chromium with fake camera and microphone. (room-at-size.mjs starts its
// own Janus and data directory — moved onto this, its server and Janus exited during its CPU
// window — and the server through startCallServer, as accept-to-connected.mjs does.)
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startJanus } from '../../scripts/janus.mjs';
import { freePort } from '../lib/servers.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The built server (RUCHE_BENCH_SERVER, else dist/server/main.js) on a free port of loopback,
 * on the embedded store in `dataDir` whatever the caller's shell configures, with the calls
 * benches' settings and `extraEnv`; answered once it serves (up to 3 minutes: an embedded
 * store's first start on a loaded two-core machine is slow).
 */
export async function startCallServer(dataDir, extraEnv = {}) {
  const port = await freePort();
  const env = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PUBLIC_URL', 'OIDC_ISSUER']) delete env[key];
  const server = spawn(
    process.execPath,
    [process.env.RUCHE_BENCH_SERVER ?? 'dist/server/main.js'],
    {
      env: {
        ...env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        AUTH_RATE_LIMIT: '10000',
        ROOM_RATE_LIMIT: '10000',
        ICE_SERVERS: '[]',
        ...extraEnv,
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 900; i++) {
    try {
      if ((await fetch(`${url}/api/auth/providers`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, server };
}

/**
 * Janus on `rtpRange`, the server on a free port (with `extraEnv`): its url, the processes,
 * and stop().
 */
export async function startRoomStack(rtpRange, extraEnv = {}) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-bench-room-'));
  const janus = await startJanus(path.join(dataDir, 'janus'), {
    wsPort: await freePort(),
    rtpRange,
    loopbackOnly: true,
    log: 'ignore',
  });
  const { url, server } = await startCallServer(dataDir, { JANUS_URL: janus.url, ...extraEnv });
  return {
    url,
    dataDir,
    server,
    janus,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      janus.child.kill('SIGTERM');
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Chromium with fake media devices, loopback peer connections allowed, and `extra` flags. */
export function launchWithFakeMedia(extra = [], fakeDevice = '--use-fake-device-for-media-stream') {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      fakeDevice,
      '--allow-loopback-in-peer-connection',
      ...extra,
    ],
  });
}
