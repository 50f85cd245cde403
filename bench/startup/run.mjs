#!/usr/bin/env node
// Start-up benchmark (issue 46 item 3, « Opens instantly »): from the navigation's start to
// the last channel's messages on screen, in Chromium.
//   npm run build && node bench/startup/run.mjs [--runs 5] [--reference /tmp/wt/dist/server/main.js]
//     [--server dist/server/main.js] [--messages 200] [--database-url …] [--chromium /usr/bin/chromium]
//     [--profile DIR]   (the candidate's cold and warm starts' browser CPU profiles, .cpuprofile,
//                        for bench/diag/page-profile.mjs)
// Three starts, each measured --runs times (median reported):
//   cold — a new browser profile (nothing cached: no HTTP cache, no IndexedDB), signed in by
//          its cookie, opening /channel/{id}: when the screen's shape is first on screen (the
//          skeleton web/boot/last-screen.ts paints, or the app's own layout), then the first
//          message;
//   warm — the same profile opening the app again at / (the installed app's start_url) after
//          closing its tab, once another person has posted a message meanwhile: when the
//          channel's messages kept from the last visit are on screen (« cached »), then when
//          the new message is (« up to date »). « Kept » counts the last screen painted
//          before the app (web/boot/last-screen.ts); « in the app » is when the app's own list
//          (#root) shows them. Whether the kept newest message moved once shown (a jump,
//          the last screen giving way to the app included) is reported too.
//   offline — the same profile, its service worker in control with the shell precached, the
//          network gone (Playwright's setOffline): the app opened again at / until the kept
//          messages are on screen (a build without a precached shell: « — »).
// With --reference, the other build is measured in the same run, start by start alternately,
// and the ratios are given (the machine is shared: only figures of one run compare).
// The clock: performance.now() in the page, whose origin is the navigation's start; an
// animation-frame loop (an init script) notes when each watched text is first on screen —
// inside the message list, not hidden. First contentful paint comes from the paint timings.

import { mkdirSync, writeFileSync } from 'node:fs';
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
    runs: { type: 'string', default: '5' },
    messages: { type: 'string', default: '200' },
    channels: { type: 'string', default: '12' },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    chromium: { type: 'string', default: '/usr/bin/chromium' },
    server: { type: 'string' },
    reference: { type: 'string' },
    profile: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log('node bench/startup/run.mjs [--runs N] [--reference other/dist/server/main.js]');
  process.exit(0);
}
const runs = Number(opt.runs);
const perChannel = Number(opt.messages);
const channelCount = Number(opt.channels);
const log = (...parts) => process.stderr.write(`${parts.join(' ')}\n`);
const PASSWORD = 'mot-de-passe-du-banc-d-essai';
const newestText = (c) => `dernier-message-du-canal-${c}-fin`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : Number.NaN;
};

async function seed(sql, userId) {
  const authors = (
    await sql`insert into users (email, first_name, last_name, display_name)
      select 'auteur' || g || '@startup.test', 'Auteur', 'N' || g, 'Auteur ' || g
      from generate_series(1, 6) g returning id`
  ).map((r) => r.id);
  const channels = [];
  for (let c = 0; c < channelCount; c++) {
    const [row] = await sql`insert into channels (name, type, created_by_id, last_seq)
      values (${`canal-${String(c).padStart(2, '0')}`}, 'channel', ${userId}::uuid, ${perChannel})
      returning id`;
    channels.push(row.id);
    await sql`insert into channel_members (channel_id, user_id, role, last_read_seq, last_read_at)
      values (${row.id}::uuid, ${userId}::uuid, 'owner', ${perChannel}, now())`;
    const rows = { author: [], content: [], seq: [], at: [] };
    const start = Date.now() - perChannel * 60_000;
    for (let i = 1; i <= perChannel; i++) {
      rows.author.push(authors[(i * 5 + c) % authors.length]);
      rows.content.push(
        i === perChannel
          ? newestText(c)
          : `Message ${i} du canal ${c} : où en est la revue, et qui reprend la suite ?`,
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

/**
 * In the page, from its first script: notes when each text of `watch` is first on screen in
 * the visible message list, and how far the first one moved afterwards.
 */
const WATCHER = (watch) => {
  if (window.__bench) return;
  const seen = {};
  const seenLive = {};
  let firstTop = null;
  let moved = 0;
  let shape;
  window.__bench = { seen, seenLive, moved: () => moved, shape: () => shape };
  // In any list on screen (the app's, or the last screen painted before it:
  // web/boot/last-screen.ts), or only in the app's own (#root).
  const topOf = (text, liveOnly = false) => {
    const scope = liveOnly ? document.getElementById('root') : document;
    for (const log of scope?.querySelectorAll('[role="log"]') ?? []) {
      if (!log.checkVisibility()) continue;
      const view = log.getBoundingClientRect();
      const walker = document.createTreeWalker(log, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.includes(text)) continue;
        const box = node.parentElement?.getBoundingClientRect();
        if (!box || box.height === 0 || box.bottom > view.bottom + 1 || box.top < view.top - 1)
          break;
        if (
          !node.parentElement.checkVisibility({ opacityProperty: true, visibilityProperty: true })
        )
          break;
        return box.top;
      }
    }
    return null;
  };
  // The screen's shape: the last screen's cover (the kept screen or the skeleton of a start
  // that kept nothing, web/boot/last-screen.ts), or the app's own layout (its <main>).
  const shapeShown = () =>
    document.getElementById('last-screen') !== null ||
    document.querySelector('#root main')?.checkVisibility() === true;
  const tick = () => {
    if (shape === undefined && shapeShown()) shape = performance.now();
    for (const text of watch) {
      if (seen[text] === undefined && topOf(text) !== null) seen[text] = performance.now();
      if (seenLive[text] === undefined && topOf(text, true) !== null)
        seenLive[text] = performance.now();
    }
    // Until the next text shows: the kept message moving then is a jump (after it, the new
    // message below it moves it up, as any message arriving does).
    if (seen[watch[0]] !== undefined && (watch.length < 2 || seen[watch[1]] === undefined)) {
      const top = topOf(watch[0]);
      if (firstTop === null) firstTop = top;
      else if (top !== null) moved = Math.max(moved, Math.abs(top - firstTop));
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
};

async function openAndTime(context, url, watch, timeout = 90_000, profileAs = undefined) {
  const page = await context.newPage();
  page.on('pageerror', (e) => log('page error', e.message));
  await page.addInitScript(WATCHER, watch);
  const cdp = profileAs && opt.profile ? await context.newCDPSession(page) : undefined;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  await page.goto(url);
  await page.waitForFunction(
    (texts) =>
      texts.every((t) => window.__bench?.seen[t] !== undefined) &&
      window.__bench.seenLive[texts[0]] !== undefined,
    watch,
    { timeout, polling: 50 },
  );
  // 30 more frames: a list that jumps after showing.
  await page.evaluate(
    () =>
      new Promise((resolve) => {
        let left = 30;
        const frame = () => (--left > 0 ? requestAnimationFrame(frame) : resolve());
        requestAnimationFrame(frame);
      }),
  );
  const result = await page.evaluate(
    ({ texts, all }) => {
      const paint = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        fcp: paint ? paint.startTime : Number.NaN,
        times: texts.map((t) => window.__bench.seen[t]),
        live: window.__bench.seenLive[texts[0]],
        shape: window.__bench.shape(),
        moved: window.__bench.moved(),
        requests: performance
          .getEntriesByType('resource')
          .filter((entry) => all || entry.name.includes('/api/'))
          .map(
            (entry) =>
              `${new URL(entry.name).pathname.replace(/[0-9a-f-]{36}/g, ':id')} ${Math.round(entry.startTime)}–${Math.round(entry.responseEnd)}`,
          ),
      };
    },
    { texts: watch, all: process.env.BENCH_REQUESTS === 'all' },
  );
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(opt.profile, { recursive: true });
    const file = path.join(opt.profile, `${profileAs}-${++profiled}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    log(`profile: ${file} (times: ${result.times.map(Math.round).join(', ')} ms)`);
  }
  return { page, ...result };
}

/** One build: its server, its account and channels, and the two starts. */
async function setUp(label, main) {
  const dbName = `ruche_startup_${label}_${process.pid}`;
  const databaseUrl = await createDatabase(opt['database-url'], dbName);
  const dataDir = tempDir('rsu-');
  const ruche = await startRuche({
    main,
    databaseUrl,
    dataDir,
    secret: 'bench-startup-secret-0123456789abcdefghijklmno',
  });
  const sql = storeClient({ databaseUrl, dataDir });
  const signUp = async (email, firstName) => {
    const reg = await expectOk(
      request(ruche.port, 'POST', '/api/auth/register', {
        body: { email, password: PASSWORD, firstName, lastName: 'Banc' },
      }),
      'sign-up',
    );
    const cookie = sessionCookie(reg);
    await expectOk(
      request(ruche.port, 'PATCH', '/api/auth/user', {
        cookie,
        body: { displayName: `${firstName} Banc` },
      }),
      'display name',
    );
    return { id: reg.json.id, cookie };
  };
  const reader = await signUp('lectrice@startup.test', 'Lectrice');
  const writer = await signUp('auteur@startup.test', 'Auteur');
  const channels = await seed(sql, reader.id);
  // The writer posts in channel 0 while the reader's app is closed.
  await sql`insert into channel_members (channel_id, user_id, role, last_read_seq)
    values (${channels[0]}::uuid, ${writer.id}::uuid, 'member', ${perChannel})`;
  return {
    label,
    ruche,
    sql,
    reader,
    writer,
    channels,
    cleanup: async () => {
      await sql.end({ timeout: 5 });
      await ruche.stop();
      await dropDatabase(opt['database-url'], dbName);
    },
  };
}

async function newContext(browser, build) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const [name, value] = build.reader.cookie.split('=');
  await context.addCookies([{ name, value, url: build.ruche.origin }]);
  return context;
}

let posted = 0;
async function postFresh(build) {
  const content = `nouveau-pendant-l-absence-${++posted}`;
  await expectOk(
    request(build.ruche.port, 'POST', `/api/channels/${build.channels[0]}/messages`, {
      cookie: build.writer.cookie,
      body: { content, clientId: `bench-${process.pid}-${posted}` },
    }),
    'post',
  );
  return content;
}

async function cold(browser, build) {
  const context = await newContext(browser, build);
  try {
    const { fcp, shape, times, requests } = await openAndTime(
      context,
      `${build.ruche.origin}/channel/${build.channels[0]}`,
      [build.newest],
      undefined,
      build.label === 'candidate' ? 'cold' : undefined,
    );
    if (process.env.BENCH_REQUESTS) log(requests.join('\n'));
    return { fcp, shape, first: times[0] };
  } finally {
    await context.close();
  }
}

/** A profile that has opened channel 0 (and a few others) and closed its tab. */
async function warmProfile(browser, build) {
  const context = await newContext(browser, build);
  for (const c of [3, 2, 1, 0]) {
    const { page } = await openAndTime(
      context,
      `${build.ruche.origin}/channel/${build.channels[c]}`,
      [c === 0 ? build.newest : newestText(c)],
    );
    // Past the persister's write (at most once a second) and the page hidden.
    await page.waitForTimeout(1500);
    if (c === 0) await shellPrecached(page);
    await page.close();
  }
  return context;
}

/**
 * The service worker in control, its shell precached (web/sw/sw.ts: registered a few seconds
 * after load). A build without one (an older reference): gives up after a while.
 */
async function shellPrecached(page) {
  const precached = await page
    .waitForFunction(
      () =>
        navigator.serviceWorker?.controller !== null &&
        navigator.serviceWorker?.controller !== undefined,
      undefined,
      { timeout: 120_000, polling: 250 },
    )
    .then(
      () => true,
      () => false,
    );
  if (!precached) log('no service worker in control: no offline start for this build');
}

async function offline(context, build) {
  await context.setOffline(true);
  try {
    const { page, fcp, times, live, requests } = await openAndTime(
      context,
      `${build.ruche.origin}/`,
      [build.newest],
      15_000,
    );
    if (process.env.BENCH_REQUESTS) log(requests.join('\n'));
    await page.close();
    return { fcp, cached: times[0], live };
  } catch {
    return { fcp: Number.NaN, cached: Number.NaN, live: Number.NaN };
  } finally {
    await context.setOffline(false);
  }
}

async function warm(context, build) {
  const kept = build.newest;
  const fresh = await postFresh(build);
  const { page, fcp, times, live, moved, requests } = await openAndTime(
    context,
    `${build.ruche.origin}/`,
    [kept, fresh],
    undefined,
    build.label === 'candidate' ? 'warm' : undefined,
  );
  if (process.env.BENCH_REQUESTS) log(requests.join('\n'));
  build.newest = fresh;
  await page.waitForTimeout(1500);
  await page.close();
  return { fcp, cached: times[0], live, upToDate: times[1], moved };
}

const builds = [];
let browser;
try {
  builds.push(await setUp('candidate', opt.server ?? path.join(repoRoot, 'dist/server/main.js')));
  if (opt.reference) builds.push(await setUp('reference', opt.reference));
  for (const build of builds) build.newest = newestText(0);
  browser = await chromium.launch({ executablePath: opt.chromium });
  const results = new Map(builds.map((b) => [b.label, { cold: [], warm: [], offline: [] }]));
  for (let i = 0; i < runs; i++) {
    for (const build of builds) {
      const r = await cold(browser, build);
      results.get(build.label).cold.push(r);
      log(
        `${build.label} cold ${i + 1}: fcp ${Math.round(r.fcp)} shape ${Math.round(r.shape)} first ${Math.round(r.first)}`,
      );
    }
  }
  const profiles = new Map();
  for (const build of builds) profiles.set(build.label, await warmProfile(browser, build));
  for (let i = 0; i < runs; i++) {
    for (const build of builds) {
      const r = await warm(profiles.get(build.label), build);
      results.get(build.label).warm.push(r);
      log(
        `${build.label} warm ${i + 1}: fcp ${Math.round(r.fcp)} cached ${Math.round(r.cached)} in the app ${Math.round(r.live)} up to date ${Math.round(r.upToDate)} moved ${Math.round(r.moved)}`,
      );
    }
  }
  for (let i = 0; i < runs; i++) {
    for (const build of builds) {
      const r = await offline(profiles.get(build.label), build);
      results.get(build.label).offline.push(r);
      log(
        `${build.label} offline ${i + 1}: fcp ${Math.round(r.fcp)} messages (kept) ${Math.round(r.cached)} in the app ${Math.round(r.live)}`,
      );
    }
  }
  const row = (label, key, field) =>
    Math.round(median(results.get(label)[key].map((r) => r[field])));
  const cell = (value) => (Number.isFinite(value) ? String(value) : '—');
  const lines = [
    "| build | cold: first paint | cold: the screen's shape | cold: first message | warm: first paint | warm: messages (kept) | warm: kept, in the app | warm: up to date | warm: moved (px, max) | offline: first paint | offline: messages (kept) | offline: kept, in the app |",
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ];
  for (const { label } of builds) {
    const moved = Math.max(...results.get(label).warm.map((r) => r.moved));
    const offlineRuns = results.get(label).offline;
    // A run that never showed the messages counts as failed: its median is not a figure.
    const failed = offlineRuns.some((r) => !Number.isFinite(r.cached));
    const off = (field) => (failed ? '—' : cell(row(label, 'offline', field)));
    lines.push(
      `| ${label} | ${row(label, 'cold', 'fcp')} | ${row(label, 'cold', 'shape')} | ${row(label, 'cold', 'first')} | ${row(label, 'warm', 'fcp')} | ${row(label, 'warm', 'cached')} | ${row(label, 'warm', 'live')} | ${row(label, 'warm', 'upToDate')} | ${Math.round(moved)} | ${off('fcp')} | ${off('cached')} | ${off('live')} |`,
    );
  }
  if (builds.length === 2) {
    const ratio = (key, field) =>
      (row('candidate', key, field) / row('reference', key, field)).toFixed(2);
    lines.push(
      `| candidate / reference | ${ratio('cold', 'fcp')} | ${ratio('cold', 'shape')} | ${ratio('cold', 'first')} | ${ratio('warm', 'fcp')} | ${ratio('warm', 'cached')} | ${ratio('warm', 'live')} | ${ratio('warm', 'upToDate')} | | | | |`,
    );
  }
  const load = os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');
  console.log(
    `${lines.join('\n')}\n\nmedians of ${runs} (ms from the navigation's start); ${channelCount} channels × ${perChannel} messages; load average at the end ${load}; ${os.cpus().length} cores`,
  );
  for (const context of profiles.values()) await context.close();
} finally {
  await browser?.close();
  for (const build of builds) await build.cleanup();
  await destroyAgent();
}
