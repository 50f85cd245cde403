// Diagnostic: the Ruche node's CPU (user + system, from /proc) for one HTTP request of a few
// kinds — an unauthenticated one, the session alone, the session and the channel list, the
// session and a page of an empty channel, a full page (51 messages of 10 authors, a third
// with reactions) — with nothing else running: what the framework, the session and a page
// cost each request of the capacity scenario (e). A fresh database, one node from the bench's
// bundle, `--lanes` closed loops of the bench's own HTTP client; `--cpu-prof DIR` writes the
// node's profile there.
// `--compression`: then, in this process, what compressing that full page costs at a few
// brotli qualities and gzip levels (CPU and size).
//   node bench/diag/request-cpu.mjs [--requests 4000] [--lanes 8] [--only page] [--cpu-prof DIR]
//     [--compression]
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { sleep } from '../lib/clock.mjs';
import {
  BROWSER_ACCEPT_ENCODING,
  destroyAgent,
  expectOk,
  request,
  sessionCookie,
} from '../lib/http.mjs';
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
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
    compression: { type: 'boolean', default: false },
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
  cpuProfDir: values['cpu-prof'],
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
  // The full page: 60 messages by 10 authors (the page shows the newest 51), every third
  // with one to three reactions.
  const full = await expectOk(
    request(node.port, 'POST', '/api/channels', { cookie, body: { name: 'page-pleine' } }),
    'full channel',
  );
  const authors = [cookie];
  for (let i = 1; i < 10; i++) {
    const res = await expectOk(
      request(node.port, 'POST', '/api/auth/register', {
        body: {
          email: `diag${i}@bench.example.com`,
          password: 'bench-password-1234',
          firstName: `Auteur ${i}`,
        },
      }),
      'sign-up',
    );
    const author = sessionCookie(res);
    await expectOk(
      request(node.port, 'POST', `/api/channels/${full.json.id}/join`, { cookie: author }),
      'join',
    );
    authors.push(author);
  }
  for (let i = 0; i < 60; i++) {
    const sent = await expectOk(
      request(node.port, 'POST', `/api/channels/${full.json.id}/messages`, {
        cookie: authors[i % authors.length],
        body: {
          content: `Message ${i} : une ligne comme on en écrit, avec **du gras** et un lien https://example.com/${i}`,
        },
      }),
      'send',
    );
    if (i % 3 !== 0) continue;
    for (let r = 0; r <= (i / 3) % 3; r++) {
      await expectOk(
        request(node.port, 'POST', `/api/messages/${sent.json.id}/reactions`, {
          cookie: authors[(i + r + 1) % authors.length],
          body: { emoji: ['👍', '🎉', '👀'][r] },
        }),
        'reaction',
      );
    }
  }

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
    [
      'GET /api/channels/:id/messages (session + full page)',
      'GET',
      `/api/channels/${full.json.id}/messages`,
      { cookie },
    ],
    [
      'GET /api/channels/:id/messages (session + full page, as a browser asks: compressed)',
      'GET',
      `/api/channels/${full.json.id}/messages`,
      { cookie, headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING } },
    ],
  ];
  for (const [label, method, path, options] of kinds) {
    if (values.only && !label.includes(values.only)) continue;
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
  if (values.compression) {
    const page = Buffer.from(
      (await request(node.port, 'GET', `/api/channels/${full.json.id}/messages`, { cookie })).text,
    );
    const encoders = [
      ...[1, 2, 3, 4, 5].map((q) => [
        `brotli quality ${q}`,
        () =>
          brotliCompressSync(page, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: q,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: page.length,
            },
          }),
      ]),
      ...[1, 4, 6].map((level) => [`gzip level ${level}`, () => gzipSync(page, { level })]),
    ];
    console.log(`a full page: ${page.length} bytes of JSON`);
    for (const [label, encode] of encoders) {
      for (let i = 0; i < 100; i++) encode();
      const cpu = [];
      let size = 0;
      for (let run = 0; run < 3; run++) {
        const before = process.cpuUsage();
        for (let i = 0; i < 500; i++) size = encode().length;
        const used = process.cpuUsage(before);
        cpu.push((used.user + used.system) / 1000 / 500);
      }
      cpu.sort((a, b) => a - b);
      console.log(
        `${label}: ${size} bytes (${((size / page.length) * 100).toFixed(1)} %), ${cpu[1].toFixed(3)} ms of CPU`,
      );
    }
  }
} finally {
  await node.stop();
  destroyAgent();
  await dropDatabase(base, name);
}
