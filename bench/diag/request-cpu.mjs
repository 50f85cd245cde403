// Diagnostic: the Ruche node's CPU (user + system, from /proc) for one HTTP request of a few
// kinds — an unauthenticated one, the session alone, the session and the channel list, the
// session and a page of an empty channel —
// with nothing else running: what the framework and the session cost each request of the
// capacity scenario (e). A fresh database, one node from the bench's bundle, `--lanes`
// closed loops of the bench's own HTTP client.
//   node bench/diag/request-cpu.mjs [--requests 4000] [--lanes 8]
import { parseArgs } from 'node:util';
import { sleep } from '../lib/clock.mjs';
import { destroyAgent, expectOk, request, sessionCookie } from '../lib/http.mjs';
import {
  buildServer,
  cpuSecondsOf,
  createDatabase,
  dropDatabase,
  startRuche,
  tempDir,
} from '../lib/servers.mjs';

const { values } = parseArgs({
  options: {
    requests: { type: 'string', default: '4000' },
    lanes: { type: 'string', default: '8' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
  },
});
const requests = Number(values.requests);
const lanes = Number(values.lanes);
const base = values['database-url'];
const name = `ruche_bench_reqcpu_${process.pid}`;

const main = await buildServer();
const databaseUrl = await createDatabase(base, name);
const node = await startRuche({
  main,
  databaseUrl,
  dataDir: tempDir('reqcpu-'),
  secret: 'request-cpu-diagnostic-secret-0123456789',
});
try {
  const signup = await expectOk(
    request(node.port, 'POST', '/api/auth/register', {
      body: { email: 'diag@bench.example.com', password: 'bench-password-1234', firstName: 'Diag' },
    }),
    'sign-up',
  );
  const cookie = sessionCookie(signup);
  const channel = await expectOk(
    request(node.port, 'POST', '/api/channels', {
      cookie,
      body: { name: 'diagnostic' },
    }),
    'channel',
  );

  const kinds = [
    ['GET /api/auth/providers (no session)', 'GET', '/api/auth/providers', {}],
    ['GET /api/auth/user (the session)', 'GET', '/api/auth/user', { cookie }],
    ['GET /api/channels (session + list)', 'GET', '/api/channels', { cookie }],
    [
      'GET /api/channels/:id/messages (session + page)',
      'GET',
      `/api/channels/${channel.json.id}/messages`,
      { cookie },
    ],
  ];
  for (const [label, method, path, options] of kinds) {
    const once = async () => {
      const res = await request(node.port, method, path, options);
      if (res.status !== 200) throw new Error(`${label}: ${res.status} ${res.text.slice(0, 200)}`);
    };
    for (let i = 0; i < 500; i++) await once();
    await sleep(500);
    const runs = [];
    for (let run = 0; run < 3; run++) {
      const before = cpuSecondsOf(node.pid);
      const started = performance.now();
      let left = requests;
      await Promise.all(
        Array.from({ length: lanes }, async () => {
          while (left-- > 0) await once();
        }),
      );
      const wall = performance.now() - started;
      runs.push({ cpu: ((cpuSecondsOf(node.pid) - before) * 1000) / requests, wall });
      await sleep(300);
    }
    runs.sort((a, b) => a.cpu - b.cpu);
    const mid = runs[1];
    console.log(
      `${label}: ${mid.cpu.toFixed(3)} ms of the node's CPU a request (runs ${runs
        .map((r) => r.cpu.toFixed(3))
        .join(', ')}), ${Math.round((requests * 1000) / mid.wall)} requests/s`,
    );
  }
} finally {
  await node.stop();
  destroyAgent();
  await dropDatabase(base, name);
}
