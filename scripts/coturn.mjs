// coturn for Ruche's tests and benchmarks (docs/calls.md, "ICE servers and TURN"): a TURN
// server on loopback with the REST scheme the server issues credentials for
// (use-auth-secret + static-auth-secret = TURN_SECRET), relaying on 127.0.0.1 and letting
// loopback peers through, so a relay-only call never leaves the machine. A deployment runs
// coturn with its own config instead (compose.yaml, docs/operations.md).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const COTURN_BIN = process.env.COTURN_BIN ?? '/usr/bin/turnserver';
export const coturnInstalled = () => existsSync(COTURN_BIN);

/** A TCP port free on 127.0.0.1 now (coturn listens on it in UDP and TCP). */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

function listening(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port, timeout: 1000 });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });
}

/**
 * Starts coturn on 127.0.0.1 (UDP and TCP on one port) with `secret`; resolves once it
 * accepts TCP. `urls`: the TURN_URLS a Ruche server is given, one per transport.
 */
export async function startCoturn({ secret, log = 'ignore', port } = {}) {
  const listenPort = port ?? (await freePort());
  // A relay range of its own, away from Janus's and other tests' (random, 200 ports).
  const min = 50_000 + Math.floor(Math.random() * 70) * 200;
  // Its pid file and (empty) user database in a folder of its own: several may run at once.
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ruche-coturn-'));
  const args = [
    '-n', // no config file: everything below
    `--pidfile=${path.join(dir, 'turnserver.pid')}`,
    `--db=${path.join(dir, 'turndb')}`,
    '--listening-ip=127.0.0.1',
    '--relay-ip=127.0.0.1',
    `--listening-port=${listenPort}`,
    `--min-port=${min}`,
    `--max-port=${min + 199}`,
    '--use-auth-secret',
    `--static-auth-secret=${secret}`,
    '--realm=ruche.test',
    '--allow-loopback-peers',
    '--no-cli',
    '--no-tls',
    '--no-dtls',
    '--fingerprint',
    '--no-software-attribute',
    '--log-file=stdout',
    '--simple-log',
  ];
  const child = spawn(COTURN_BIN, args, { stdio: ['ignore', log, log] });
  const deadline = Date.now() + 30_000;
  while (!(await listening(listenPort))) {
    if (child.exitCode !== null) {
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`turnserver exited (${child.exitCode})`);
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('turnserver did not listen within 30 s');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    child,
    port: listenPort,
    urls: {
      udp: `turn:127.0.0.1:${listenPort}?transport=udp`,
      tcp: `turn:127.0.0.1:${listenPort}?transport=tcp`,
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
