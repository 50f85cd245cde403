#!/usr/bin/env node
// Search benchmark, step 2: GET /api/search latency on the workspace bench/search/seed.mjs made.
//   node bench/search/run.mjs --store postgres [--name ruche_search_bench]
//   node bench/search/run.mjs --store embedded [--data-dir bench/.tmp/search-embedded]
// For a reader in 20 channels and one in all of them, a rare, a medium and a very common
// word (and the common one's second page): --warmup requests, then --requests timed one
// after another; p50 and p95 in milliseconds, as a markdown table on stdout.
import { rmSync } from 'node:fs';
import { destroyAgent, expectOk, request, sessionCookie } from '../lib/http.mjs';
import { buildServer, startRuche, tempDir } from '../lib/servers.mjs';
import { databaseUrlOf, log, options, PASSWORD, PROBES, READERS, SECRET } from './common.mjs';

const opt = options({
  requests: { type: 'string', default: '100' },
  warmup: { type: 'string', default: '10' },
});
if (opt.help) {
  console.log('node bench/search/run.mjs [--store postgres|embedded] [--requests N] [--warmup N]');
  process.exit(0);
}
const timed = Number(opt.requests);
const warmup = Number(opt.warmup);

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];

const main = await buildServer();
const databaseUrl =
  opt.store === 'postgres' ? databaseUrlOf(opt['database-url'], opt.name) : undefined;
const dataDir = opt.store === 'postgres' ? tempDir('rsb-') : opt['data-dir'];
const ruche = await startRuche({ main, databaseUrl, dataDir, secret: SECRET });
const rows = [];
try {
  for (const [key, reader] of Object.entries(READERS)) {
    const login = await expectOk(
      request(ruche.port, 'POST', '/api/auth/login', {
        body: { email: reader.email, password: PASSWORD },
      }),
      `sign-in ${reader.email}`,
    );
    const cookie = sessionCookie(login);
    const search = (q, cursor) =>
      expectOk(
        request(
          ruche.port,
          'GET',
          `/api/search?q=${encodeURIComponent(q)}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
          { cookie },
        ),
        `search ${q}`,
      );
    const first = (await search(PROBES.common.word)).json;
    const cases = [
      ['rare', PROBES.rare.word],
      ['medium', PROBES.medium.word],
      ['common', PROBES.common.word],
      ['common, page 2', PROBES.common.word, first.nextCursor],
      ['common + dans:#canal-3', `${PROBES.common.word} dans:#canal-3`],
    ];
    for (const [label, q, cursor] of cases) {
      for (let i = 0; i < warmup; i++) await search(q, cursor);
      const times = [];
      let results = 0;
      for (let i = 0; i < timed; i++) {
        const t0 = performance.now();
        const res = await search(q, cursor);
        times.push(performance.now() - t0);
        results = res.json.results.length;
      }
      times.sort((a, b) => a - b);
      const row = {
        reader: `${reader.channels} channels`,
        query: `${label}: ${q}`,
        results,
        p50: percentile(times, 0.5).toFixed(1),
        p95: percentile(times, 0.95).toFixed(1),
      };
      log(`  ${key} ${row.query}: p50 ${row.p50} ms, p95 ${row.p95} ms`);
      rows.push(row);
    }
  }
} finally {
  await ruche.stop();
  await destroyAgent();
  if (opt.store === 'postgres') rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\nGET /api/search on the ${opt.store} store, ${timed} requests each\n`);
console.log('| reader | query | results (page 1) | p50 ms | p95 ms |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows)
  console.log(`| ${r.reader} | ${r.query} | ${r.results} | ${r.p50} | ${r.p95} |`);
