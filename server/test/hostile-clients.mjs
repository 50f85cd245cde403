/**
 * Hostile clients for the admission tests (server/src/realtime/upgrade-flood.pg.test.ts), run
 * in a worker thread so that their own work does not delay the test's measurements of a
 * member on the main thread. Plain JavaScript: a worker is not transformed by the test runner.
 *
 * workerData:
 * - { kind: 'upgrades', url, count, overMs }: `count` WebSocket upgrades without any cookie or
 *   token, spread evenly over `overMs`; posts { statuses, accepted, closeCodes, latencies }.
 * - { kind: 'trickle', url, count, everyMs, forMs }: `count` connections that send a request
 *   line, then one header byte every `everyMs`, for `forMs`; posts { opened, closedByServer }.
 * - { kind: 'refuser' }: a bare HTTP server that refuses every request and upgrade with 401,
 *   what a flood's baseline is sent to (the flood's own cost to the machine, without Ruche's);
 *   posts { url } once listening, and serves until the worker is terminated.
 */

import { randomBytes } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import { parentPort, workerData } from 'node:worker_threads';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One upgrade over a raw connection (a `ws` client costs ~1 ms of CPU each, which the node
 * under test would share): how it ended — an HTTP status, or 101 and the code of the close
 * frame that followed — and when.
 */
function upgrade(url) {
  const { hostname, port } = new URL(url);
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(
        `GET /ws HTTP/1.1\r\nHost: ${hostname}:${port}\r\nOrigin: ${url}\r\nConnection: Upgrade\r\n` +
          'Upgrade: websocket\r\nSec-WebSocket-Version: 13\r\n' +
          `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\n\r\n`,
      );
    });
    let received = Buffer.alloc(0);
    let done = false;
    const end = (outcome) => {
      if (done) return;
      done = true;
      resolve({ ...outcome, ms: performance.now() - started });
      socket.destroy();
    };
    socket.on('data', (chunk) => {
      received = Buffer.concat([received, chunk]);
      const headEnd = received.indexOf('\r\n\r\n');
      if (headEnd === -1) return;
      const status = Number(received.subarray(9, 12).toString());
      if (status !== 101) return end({ status });
      // Accepted: the server's first frame is its close (0x88), the code in its first 2 bytes.
      const frame = received.subarray(headEnd + 4);
      if (frame.length >= 4 && frame[0] === 0x88) end({ status, closeCode: frame.readUInt16BE(2) });
    });
    socket.on('error', (err) => end({ status: 0, error: err.message }));
    socket.on('close', () => end({ status: 0, error: 'closed' }));
  });
}

async function upgrades({ url, count, overMs }) {
  // Waves every 4 ms: an even stream, as many clients make, not bursts with gaps between.
  const waves = Math.max(1, Math.round(overMs / 4));
  const perWave = Math.ceil(count / waves);
  const pending = [];
  for (let sent = 0; sent < count; ) {
    const wave = Math.min(perWave, count - sent);
    for (let i = 0; i < wave; i++) pending.push(upgrade(url));
    sent += wave;
    await sleep(overMs / waves);
  }
  const outcomes = await Promise.all(pending);
  const statuses = {};
  const closeCodes = {};
  for (const o of outcomes) {
    statuses[o.status] = (statuses[o.status] ?? 0) + 1;
    if (o.closeCode !== undefined) closeCodes[o.closeCode] = (closeCodes[o.closeCode] ?? 0) + 1;
  }
  return {
    statuses,
    closeCodes,
    accepted: outcomes.filter((o) => o.status === 101).length,
    latencies: outcomes.map((o) => o.ms),
  };
}

async function trickle({ url, count, everyMs, forMs }) {
  const { hostname, port } = new URL(url);
  let opened = 0;
  let closedByServer = 0;
  const sockets = [];
  for (let i = 0; i < count; i++) {
    const socket = net.connect(Number(port), hostname, () => {
      opened++;
      socket.write('GET /api/channels HTTP/1.1\r\nHost: ruche\r\nX-Slow: ');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      if (!socket.destroyedByUs) closedByServer++;
    });
    sockets.push(socket);
  }
  const timer = setInterval(() => {
    for (const socket of sockets) if (!socket.destroyed) socket.write('a');
  }, everyMs);
  await sleep(forMs);
  clearInterval(timer);
  for (const socket of sockets) {
    socket.destroyedByUs = !socket.destroyed;
    socket.destroy();
  }
  return { opened, closedByServer };
}

function refuser() {
  const server = http.createServer((_req, res) => res.writeHead(401).end());
  server.on('upgrade', (_req, socket) =>
    socket.end('HTTP/1.1 401 Unauthorized\r\nContent-Length: 0\r\nConnection: close\r\n\r\n'),
  );
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}` }),
    ),
  );
}

const run = { upgrades, trickle, refuser }[workerData.kind];
parentPort.postMessage(await run(workerData));
