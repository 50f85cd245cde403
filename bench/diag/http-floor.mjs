// Diagnostic: what one HTTP POST costs on this machine with nothing behind it — the floor
// under (c). A child process serves `POST` with a small JSON answer (plain node:http, no
// framework, no store); the bench's own sender (bench/lib/http.mjs) drives it with `--lanes`
// closed loops, as scenario (c) drives Ruche. Prints requests/s and the CPU each side spent.
//   node bench/diag/http-floor.mjs [--lanes 50] [--duration 5000]
import { fork } from 'node:child_process';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { destroyAgent, request } from '../lib/http.mjs';

if (process.argv[2] === '--serve') {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  server.listen(0, '127.0.0.1', () => process.send(server.address().port));
  process.on('message', (msg) => {
    if (msg === 'cpu') process.send(process.cpuUsage());
  });
} else {
  const { values } = parseArgs({
    options: {
      lanes: { type: 'string', default: '50' },
      duration: { type: 'string', default: '5000' },
    },
  });
  const child = fork(new URL(import.meta.url).pathname, ['--serve']);
  const port = await new Promise((resolve) => child.once('message', resolve));
  const serverCpu = () =>
    new Promise((resolve) => {
      child.once('message', (u) => resolve(u.user + u.system));
      child.send('cpu');
    });
  const body = { content: 'bench~0~ bonjour', clientId: 'x' };
  const s0 = await serverCpu();
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  let n = 0;
  await Promise.all(
    Array.from({ length: Number(values.lanes) }, async () => {
      while (performance.now() - t0 < Number(values.duration)) {
        await request(port, 'POST', '/api/channels/x/messages', {
          body,
          cookie: 'ruche_session=x',
        });
        n++;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  const c = process.cpuUsage(c0);
  const s = (await serverCpu()) - s0;
  console.log(
    `${Math.round(n / seconds)} requests/s; CPU per request: sender ${Math.round((c.user + c.system) / n)} µs, server ${Math.round(s / n)} µs`,
  );
  child.kill();
  await destroyAgent();
}
