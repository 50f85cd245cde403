#!/usr/bin/env node
// Channel switch benchmark (issue 9 item 3): how long from the click on a sidebar channel to
// its newest message visible, in Chromium, with 1,000 messages in each channel.
//   npm run build && node bench/switch/run.mjs [--switches 24] [--database-url …]
//     [--cpu-profile file.cpuprofile]   the page's JavaScript profile over the loaded switches
//                                       (V8's sampler through CDP; bench/diag/profile-summary.mjs
//                                       reads it; build with --minify false for names)
//     [--profile-switches loaded|first] which switches the profile covers
// Two kinds of switch, each measured --switches times:
//   loaded — back to a channel already opened in this page (its history is in the cache);
//   first  — a channel never opened in this page (nothing cached, nothing prefetched: the
//            channels are read, so the idle prefetch of unread channels leaves them alone,
//            and the click is dispatched without a hover first).
// The clock runs in the page: performance.now() at the click, then every animation frame
// until the newest message's text is on screen — inside the list's viewport, its box not
// under `visibility: hidden` or `opacity: 0`. It needs the built app (`npm run build`): the
// server is dist/server/main.js, serving dist/web. Once shown, the newest message is watched
// for 40 more frames: a list that jumps after showing is reported ("moved after it showed").

import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { destroyAgent, expectOk, request, sessionCookie } from '../lib/http.mjs';
import {
  createDatabase,
  dropDatabase,
  repoRoot,
  startRuche,
  storeClient,
  tempDir,
} from '../lib/servers.mjs';

const { values: opt } = parseArgs({
  options: {
    switches: { type: 'string', default: '24' },
    messages: { type: 'string', default: '1000' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    // Another build to compare with (its dist/web is served beside it).
    server: { type: 'string' },
    headed: { type: 'boolean', default: false },
    'cpu-profile': { type: 'string' },
    'profile-switches': { type: 'string', default: 'loaded' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log('node bench/switch/run.mjs [--switches N] [--messages N] [--database-url URL]');
  process.exit(0);
}
const switches = Number(opt.switches);
const perChannel = Number(opt.messages);
const log = (...parts) => process.stderr.write(`${parts.join(' ')}\n`);
const PASSWORD = 'mot-de-passe-du-banc-d-essai';
/** The newest message of channel i says this (and nothing else does). */
const newestText = (i) => `dernier-message-du-canal-${i}-fin`;

function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}
function stats(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (x) => Math.round(x);
  return {
    n: sorted.length,
    p50: f(percentile(sorted, 50)),
    p95: f(percentile(sorted, 95)),
    max: f(sorted.at(-1)),
  };
}

async function seed(sql, userId, channelCount) {
  const authors = (
    await sql`insert into users (email, first_name, last_name, display_name)
      select 'auteur' || g || '@switch.test', 'Auteur', 'N' || g, 'Auteur ' || g
      from generate_series(1, 8) g returning id`
  ).map((r) => r.id);
  const channels = [];
  for (let c = 0; c < channelCount; c++) {
    const [row] = await sql`insert into channels (name, type, created_by_id, last_seq)
      values (${`canal-${String(c).padStart(2, '0')}`}, 'channel', ${userId}::uuid, ${perChannel})
      returning id`;
    channels.push(row.id);
    // Read up to the end: no unread line, and no idle prefetch of unread channels.
    await sql`insert into channel_members (channel_id, user_id, role, last_read_seq, last_read_at)
      values (${row.id}::uuid, ${userId}::uuid, 'owner', ${perChannel}, now())`;
    const rows = { author: [], content: [], seq: [], at: [] };
    const start = Date.now() - perChannel * 60_000;
    for (let i = 1; i <= perChannel; i++) {
      rows.author.push(authors[(i * 7 + c) % authors.length]);
      rows.content.push(
        i === perChannel
          ? newestText(c)
          : `Message ${i} du canal ${c} : un point sur le projet, la revue de code et la suite ${'…'.repeat(i % 3)}`,
      );
      rows.seq.push(i);
      rows.at.push(new Date(start + i * 60_000).toISOString());
    }
    await sql`insert into messages (channel_id, user_id, content, seq, created_at)
      select ${row.id}::uuid, * from unnest(${rows.author}::uuid[], ${rows.content}::text[],
        ${rows.seq}::bigint[], ${rows.at}::timestamptz[])`;
  }
  return channels;
}

/** Runs in the page: click the channel's link, then wait for its newest message on screen. */
async function measureSwitch(page, channelId, text) {
  return page.evaluate(
    ({ channelId, text }) =>
      new Promise((resolve, reject) => {
        const link = document.querySelector(
          `nav a[href="/channel/${channelId}"], a[href="/channel/${channelId}"]`,
        );
        if (!link) return reject(new Error(`no link to ${channelId}`));
        // The channel's list: the views of channels left may stay mounted, hidden.
        const visibleLog = () =>
          [...document.querySelectorAll('[role="log"]')].find((log) => log.checkVisibility());
        const shown = () => {
          const log = visibleLog();
          if (!log) return false;
          const view = log.getBoundingClientRect();
          const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent?.includes(text)) continue;
            const box = node.parentElement?.getBoundingClientRect();
            if (!box || box.height === 0 || box.bottom > view.bottom + 1 || box.top < view.top - 1)
              return false;
            for (let el = node.parentElement; el; el = el.parentElement) {
              const style = getComputedStyle(el);
              if (
                style.visibility === 'hidden' ||
                style.opacity === '0' ||
                style.display === 'none'
              )
                return false;
            }
            return true;
          }
          return false;
        };
        const started = performance.now();
        const deadline = started + 15_000;
        link.click();
        let inDom = null;
        const tick = () => {
          if (inDom === null && visibleLog()?.textContent?.includes(text))
            inDom = performance.now() - started;
          if (shown()) {
            window.__switchInDom = (window.__switchInDom ?? []).concat(Math.round(inDom ?? -1));
            const requests = performance
              .getEntriesByType('resource')
              .filter((entry) => entry.startTime >= started)
              .map(
                (entry) =>
                  `${new URL(entry.name).pathname.replace(/[0-9a-f-]{36}/g, ':id')} ${Math.round(entry.startTime - started)}–${Math.round(entry.responseEnd - started)}`,
              );
            window.__switchRequests = (window.__switchRequests ?? []).concat([requests]);
            const elapsed = performance.now() - started;
            // Then, for 40 frames, whether the newest message moves once shown (a jump).
            const topOfNewest = () => {
              const log = visibleLog();
              const walker = log && document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
              for (let node = walker?.nextNode(); node; node = walker.nextNode())
                if (node.textContent?.includes(text))
                  return node.parentElement?.getBoundingClientRect().top ?? Number.NaN;
              return Number.NaN;
            };
            const first = topOfNewest();
            let moved = 0;
            let left = 40;
            const watch = () => {
              moved = Math.max(moved, Math.abs(topOfNewest() - first));
              if (--left > 0) return requestAnimationFrame(watch);
              window.__switchMoved = (window.__switchMoved ?? []).concat(Math.round(moved));
              resolve(elapsed);
            };
            return requestAnimationFrame(watch);
          }
          if (performance.now() > deadline) return reject(new Error(`not shown: ${text}`));
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
    { channelId, text },
  );
}

const dbName = `ruche_switch_${process.pid}`;
const databaseUrl = await createDatabase(opt['database-url'], dbName);
const dataDir = tempDir('rsw-');
const main = opt.server ?? path.join(repoRoot, 'dist/server/main.js');
const ruche = await startRuche({
  main,
  databaseUrl,
  dataDir,
  secret: 'bench-switch-secret-0123456789abcdefghijklmnop',
});
const sql = storeClient({ databaseUrl, dataDir });
let browser;
try {
  const reg = await expectOk(
    request(ruche.port, 'POST', '/api/auth/register', {
      body: {
        email: 'lectrice@switch.test',
        password: PASSWORD,
        firstName: 'Lectrice',
        lastName: 'Banc',
      },
    }),
    'sign-up',
  );
  const cookie = sessionCookie(reg);
  // A display name, as every user past the welcome dialog has: the dialog would cover the page.
  await expectOk(
    request(ruche.port, 'PATCH', '/api/auth/user', {
      cookie,
      body: { displayName: 'Lectrice Banc' },
    }),
    'display name',
  );
  // Two channels to go back and forth between, one to start from, one per first visit.
  const channelCount = 3 + switches;
  const t0 = performance.now();
  const channels = await seed(sql, reg.json.id, channelCount);
  log(
    `seeded ${channelCount} channels × ${perChannel} messages in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  browser = await chromium.launch({ executablePath: opt.chromium, headless: !opt.headed });
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = cookie.split('=');
  await context.addCookies([{ name, value, url: ruche.origin }]);
  const page = await context.newPage();
  page.on('crash', () => log('page crashed'));
  page.on('pageerror', (e) => log('page error', e.message));
  await page.goto(`${ruche.origin}/channel/${channels[0]}`);
  await page.getByText(newestText(0)).waitFor();

  const loaded = [];
  const first = [];
  const [a, b] = [1, 2];
  // Open both once (first visits, not counted), then back and forth.
  await measureSwitch(page, channels[a], newestText(a));
  await measureSwitch(page, channels[b], newestText(b));
  const cdp = opt['cpu-profile'] ? await context.newCDPSession(page) : null;
  const profiled = async (phase, run) => {
    if (!cdp || opt['profile-switches'] !== phase) return run();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await run();
    const { profile } = await cdp.send('Profiler.stop');
    writeFileSync(opt['cpu-profile'], JSON.stringify(profile));
    log(`profile of the ${phase} switches: ${opt['cpu-profile']}`);
  };
  await profiled('loaded', async () => {
    for (let i = 0; i < switches; i++) {
      const target = i % 2 === 0 ? a : b;
      loaded.push(await measureSwitch(page, channels[target], newestText(target)));
    }
  });
  await profiled('first', async () => {
    for (let i = 0; i < switches; i++) {
      const target = 3 + i;
      first.push(await measureSwitch(page, channels[target], newestText(target)));
      // Back to a loaded channel, so that every first visit starts from the same state.
      await measureSwitch(page, channels[a], newestText(a));
    }
  });
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  const result = {
    loaded: stats(loaded),
    first: stats(first),
    loadavg: load,
    cpus: os.cpus().length,
  };
  log(JSON.stringify({ loaded: loaded.map(Math.round), first: first.map(Math.round) }));
  // When the newest message's text was first in the list's DOM (rendered, maybe not shown).
  log(`in DOM: ${JSON.stringify(await page.evaluate(() => window.__switchInDom))}`);
  log(`moved after shown (px): ${JSON.stringify(await page.evaluate(() => window.__switchMoved))}`);
  log(`requests: ${JSON.stringify(await page.evaluate(() => window.__switchRequests))}`);
  console.log(`| switch | n | p50 ms | p95 ms | max ms |
| --- | --- | --- | --- | --- |
| already loaded | ${result.loaded.n} | ${result.loaded.p50} | ${result.loaded.p95} | ${result.loaded.max} |
| first visit | ${result.first.n} | ${result.first.p50} | ${result.first.p95} | ${result.first.max} |

newest message moved after it showed: at most ${Math.max(...(await page.evaluate(() => window.__switchMoved)))} px
load average (1, 5, 15 min) at the end: ${load}; ${result.cpus} cores`);
} finally {
  await browser?.close();
  await sql.end({ timeout: 5 });
  await ruche.stop();
  await destroyAgent();
  await dropDatabase(opt['database-url'], dbName);
}
