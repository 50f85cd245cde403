#!/usr/bin/env node
// Ruche's benchmark suite (npm run bench -- [options]); see bench/README.md.
// Not a test: npm test never runs it. Every loop here is bounded in count and in time,
// and all traffic stays on 127.0.0.1.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import postgres from 'postgres';
import { destroyAgent } from './lib/http.mjs';
import { Population } from './lib/population.mjs';
import { buildReference, resolveCommit } from './lib/reference.mjs';
import { comparisonMarkdown, markdown, summarize } from './lib/report.mjs';
import {
  buildServer,
  childrenOf,
  createDatabase,
  dropDatabase,
  repoRoot,
  runBareInsert,
  startBareWs,
  startRedis,
  startRuche,
  storeClient,
  tempDir,
} from './lib/servers.mjs';
import { capacity } from './scenarios/capacity.mjs';
import { fanout } from './scenarios/fanout.mjs';
import { idle } from './scenarios/idle.mjs';
import { latencyScenario } from './scenarios/latency.mjs';
import { throughput } from './scenarios/throughput.mjs';

const HELP = `npm run bench -- [options]
  --scenario a,b,c,d   a|fanout b|latency c|throughput d|idle e|capacity, or all (default
                       all = a,b,c,d; e is long and runs only when named)
  --store LIST         postgres,embedded (default both)
  --nodes LIST         1,2 (default 1,2; 2 nodes = PostgreSQL + a private Redis only)
  --runs N             runs per configuration; figures are medians (default 3, --quick 1)
  --quick              short steps and durations, 2,000 idle sockets: a smoke run
  --database-url URL   PostgreSQL server to create ruche_bench_* databases on
                       (default postgres://postgres@127.0.0.1:5432/test)
  --signups N          users signed up through the API per configuration (default 100)
  --idle-sockets N     (d) sockets (default 10000)
  --fanout-sockets N   (a) sockets (default 1000)
  --send ws|http       how senders send: over their socket (send_message, the web
                       client's way; default) or POST /api/channels/:id/messages
  --no-ceilings        skip the bare ws / bare INSERT ceilings
  --channel-notifications on|off
                       (c) and (e): the members' "channel messages" notification preference
                       (default on, as for a new account; off measures without them)
  --reference LIST     also build these commits' servers (comma-separated, in git worktrees
                       under the temp folder) and run them in the same sitting, each run
                       alternating with this checkout's; reports medians and the ratio to each
                       (scenarios a-d only)
  --at COMMIT          measure that commit (built like a reference) instead of this checkout's
                       working tree, which may hold other people's uncommitted changes
  --cpu-prof           run the Ruche nodes with --cpu-prof (profiles in bench/results/prof-*)
  --log                pass the Ruche nodes' output through
 (e) capacity:
  --users LIST         active users per step (default 1000,2000,3000,4000,5000,6000)
  --hold S             seconds each step is held and measured (default 180)
  --pace X             every user acts X times as often (default 1; smoke runs: 10)
  --soak S             hold the last --users value for S seconds instead of stepping;
                       reports RSS drift
  --soak-warmup S      seconds held before a soak's measurement starts (default 420)
  --ramp-rate R        users connected per second between steps (default 50)
  --settle S           seconds between the ramp and the measurement (default 15)
  --drain S            seconds after a step for its answers to arrive (default 5)
  --clients K          client processes (default 4)
  --reload MODE        reconnect (default: a reload closes and reopens the socket) or calls
  --witness-every K    with reload=reconnect, 1 user in K keeps its socket and deliveries
                       are counted on those (default 10)
  --workspace-scale X  1 = the issue's workspace; default min(1, largest N / 5,000)`;

const { values: opt } = parseArgs({
  options: {
    scenario: { type: 'string', default: 'all' },
    store: { type: 'string', default: 'postgres,embedded' },
    nodes: { type: 'string', default: '1,2' },
    runs: { type: 'string' },
    quick: { type: 'boolean', default: false },
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
    signups: { type: 'string', default: '100' },
    'idle-sockets': { type: 'string' },
    'fanout-sockets': { type: 'string', default: '1000' },
    send: { type: 'string', default: 'ws' },
    'no-ceilings': { type: 'boolean', default: false },
    'channel-notifications': { type: 'string', default: 'on' },
    reference: { type: 'string' },
    at: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
    log: { type: 'boolean', default: false },
    users: { type: 'string' },
    hold: { type: 'string' },
    pace: { type: 'string' },
    soak: { type: 'string' },
    'soak-warmup': { type: 'string' },
    'ramp-rate': { type: 'string', default: '50' },
    settle: { type: 'string' },
    drain: { type: 'string', default: '5' },
    clients: { type: 'string', default: '4' },
    reload: { type: 'string', default: 'reconnect' },
    'witness-every': { type: 'string', default: '10' },
    'http-connections': { type: 'string', default: '0' },
    'workspace-scale': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (opt.help) {
  console.log(HELP);
  process.exit(0);
}
if (opt.send !== 'ws' && opt.send !== 'http') {
  console.error(`--send must be ws or http, not ${opt.send}`);
  process.exit(2);
}
if (opt.reload !== 'reconnect' && opt.reload !== 'calls') {
  console.error(`--reload must be reconnect or calls, not ${opt.reload}`);
  process.exit(2);
}

const ALIASES = { a: 'fanout', b: 'latency', c: 'throughput', d: 'idle', e: 'capacity' };
const scenarios =
  opt.scenario === 'all'
    ? ['fanout', 'latency', 'throughput', 'idle']
    : opt.scenario.split(',').map((s) => ALIASES[s.trim()] ?? s.trim());
const quick = opt.quick;
const runs = Number(opt.runs ?? (quick ? 1 : 3));
const classic = scenarios.filter((s) => s !== 'capacity');
const numberList = (text) =>
  text
    .split(',')
    .map((x) => Number(x.trim()))
    .filter((x) => Number.isInteger(x) && x > 0);
const ceilings = !opt['no-ceilings'];
const params = {
  fanout: { sockets: Number(opt['fanout-sockets']), stepMs: quick ? 2000 : 3000 },
  latency: { sockets: 100, rate: 20, durationMs: quick ? 4000 : 10_000 },
  throughput: {
    senders: 50,
    durationMs: quick ? 5000 : 10_000,
    channelNotifications: opt['channel-notifications'] !== 'off',
  },
  idle: {
    sockets: Number(opt['idle-sockets'] ?? (quick ? 2000 : 10_000)),
    settleMs: quick ? 2000 : 5000,
  },
  capacity: {
    users: numberList(opt.users ?? (quick ? '200,400,600' : '1000,2000,3000,4000,5000,6000')),
    holdS: Number(opt.hold ?? (quick ? 20 : 180)),
    pace: Number(opt.pace ?? (quick ? 10 : 1)),
    soakS: opt.soak ? Number(opt.soak) : 0,
    soakWarmupS: Number(opt['soak-warmup'] ?? 420),
    rampRate: Number(opt['ramp-rate']),
    settleS: Number(opt.settle ?? (quick ? 5 : 15)),
    drainS: Number(opt.drain),
    clients: Number(opt.clients),
    reload: opt.reload,
    witnessEvery: Math.max(1, Number(opt['witness-every'])),
    httpConnections: Number(opt['http-connections']),
    workspaceScale: opt['workspace-scale'] ? Number(opt['workspace-scale']) : undefined,
    channelNotifications: opt['channel-notifications'] !== 'off',
  },
};
if (opt.reference && scenarios.includes('capacity')) {
  console.error('--reference compares scenarios a-d: run capacity (e) on its own');
  process.exit(2);
}
if (scenarios.includes('capacity') && params.capacity.users.length === 0) {
  console.error('--users needs a comma-separated list of user counts');
  process.exit(2);
}

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const resultsDir = path.join(repoRoot, 'bench/results');
mkdirSync(resultsDir, { recursive: true });
const cleanups = [];
const log = (...args) =>
  console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...args);

async function machine() {
  let pg = 'PostgreSQL ?';
  const sql = postgres(opt['database-url'], { max: 1, onnotice: () => {} });
  try {
    const [row] = await sql`show server_version`;
    pg = `PostgreSQL ${row.server_version}`;
  } catch (err) {
    pg = `PostgreSQL unreachable (${err.message})`;
  } finally {
    await sql.end({ timeout: 5 });
  }
  return {
    nproc: os.availableParallelism(),
    cpu: os.cpus()[0]?.model,
    memGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    postgres: pg,
    loadStart: os.loadavg().map((x) => x.toFixed(2)),
  };
}

function gitInfo() {
  const git = (...args) => execFileSync('git', args, { cwd: repoRoot, encoding: 'utf8' }).trim();
  try {
    return {
      commit: git('rev-parse', '--short', 'HEAD'),
      dirty: git('status', '--porcelain', '--', 'server', 'shared').length > 0,
    };
  } catch {
    return { commit: 'unknown', dirty: null };
  }
}

/** Run one measurement; an error is recorded and the suite goes on. */
async function attempt(what, fn) {
  try {
    return await fn();
  } catch (err) {
    log(`${what} failed: ${err.stack ?? err}`);
    return { error: String(err.message ?? err) };
  }
}

async function withBare(fn) {
  const bare = await startBareWs();
  try {
    return await fn({
      kind: 'bare',
      send: opt.send,
      sendNode: bare,
      recvNodes: [bare],
      serverPids: [bare.pid],
      storePids: async () => [],
    });
  } finally {
    await bare.stop();
  }
}

/**
 * One store × node count: fresh database, nodes, users; then the scenarios `runs` times.
 * kind 'capacity' runs scenario (e) once, on nodes of its own: the server's socket admission
 * rate is kept (the other scenarios connect thousands of sockets at once and lift it).
 */
async function runConfig(
  store,
  nodeCount,
  main,
  ceilingDbUrl,
  kind = 'classic',
  { runCount = runs, code, profTag = '' } = {},
) {
  const isCapacity = kind === 'capacity';
  const config = { kind, store, nodes: nodeCount, code, runs: [] };
  const tag = `${store[0]}${nodeCount}${Date.now().toString(36)}`;
  const dbName = `ruche_bench_${isCapacity ? 'cap_' : ''}${store[0]}${nodeCount}_${process.pid}`;
  const local = [];
  try {
    const databaseUrl =
      store === 'postgres' ? await createDatabase(opt['database-url'], dbName) : undefined;
    if (databaseUrl) local.push(() => dropDatabase(opt['database-url'], dbName));
    const redis = nodeCount > 1 ? await startRedis() : null;
    if (redis) local.push(() => redis.stop());
    const secret = `bench-secret-${tag}-0123456789abcdefghijklmnop`;
    const profDir = opt['cpu-prof']
      ? path.join(resultsDir, `prof-${stamp}-${store}-${nodeCount}${profTag}`)
      : undefined;
    const nodes = [];
    for (let i = 0; i < nodeCount; i++) {
      const dataDir = tempDir('rbn-');
      local.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const node = await startRuche({
        main,
        databaseUrl,
        dataDir,
        redisUrl: redis?.url,
        secret,
        cpuProfDir: profDir,
        log: opt.log,
        // The server's default WS_ADMIT_PER_SECOND (100/s per node): capacity measures it,
        // with the overload guard at its defaults. Scenarios a-d measure the code's cost, not
        // its shedding: the guard is off, as for the tests (server/test/overload-guard.ts),
        // or a busy machine's sign-ups are shed (503) before anything is measured.
        env: isCapacity
          ? { WS_ADMIT_PER_SECOND: undefined }
          : { OVERLOAD_EVENT_LOOP_MS: '0', STORE_WAIT_MS: '25000' },
      });
      local.push(() => node.stop());
      nodes.push({ ...node, dataDir });
    }
    log(`${store}, ${nodeCount} node(s) up on ports ${nodes.map((n) => n.port).join(', ')}`);
    const sql = storeClient({ databaseUrl, dataDir: nodes[0].dataDir });
    local.push(() => sql.end({ timeout: 5 }));
    const pop = new Population({ node: nodes[0], sql, tag, apiSignups: Number(opt.signups) });
    // Every user the scenarios need, made up front: sign-up's argon2 work stays out of the
    // measurements (and out of the idle scenario's memory baseline).
    const needed = isCapacity
      ? 0 // the scenario makes its own, with its workspace
      : Math.max(
          scenarios.includes('fanout') ? params.fanout.sockets : 0,
          scenarios.includes('latency') ? params.latency.sockets : 0,
          scenarios.includes('throughput') ? params.throughput.senders * 2 : 0,
          scenarios.includes('idle') && nodeCount === 1 ? params.idle.sockets : 0,
        );
    if (needed > 0) {
      log(`making ${needed} users (${Math.min(needed, Number(opt.signups))} through the API)`);
      await pop.ensureUsers(needed);
    }
    const serverPids = nodes.map((n) => n.pid);
    // Where the store's CPU goes: the PostgreSQL backends serving this database, or the
    // embedded store's PGlite process (a child of the node).
    const storePids = async () => {
      if (!databaseUrl) return nodes.flatMap((n) => childrenOf(n.pid));
      const rows = await sql`select pid from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`;
      return rows.map((r) => r.pid);
    };
    // PostgreSQL's own processes (WAL writer, checkpointer, background writer, launchers):
    // they serve every database of the server, other people's too on a shared machine.
    const storeAuxPids = async () => {
      if (!databaseUrl) return [];
      const rows = await sql`select pid from pg_stat_activity where datname is null`;
      return rows.map((r) => r.pid);
    };
    const ruche = {
      kind: 'ruche',
      send: opt.send,
      sendNode: nodes[0],
      recvNodes: nodes,
      serverPids,
      storePids,
      storeAuxPids,
      redisPid: redis?.pid,
      pop,
      sql,
    };

    if (isCapacity) {
      const label = `${store}/${nodeCount} capacity`;
      log(label);
      config.capacity = await attempt(label, () => capacity(ruche, { ...params.capacity, log }));
      config.population = pop.timings;
      return config;
    }

    for (let run = 1; run <= runCount; run++) {
      const r = {};
      for (const sc of classic) {
        const label = `${store}/${nodeCount} run ${run} ${sc}`;
        log(label);
        if (sc === 'fanout') {
          r.fanout = await attempt(label, async () => {
            const ceiling = ceilings ? await withBare((b) => fanout(b, params.fanout)) : null;
            const mine = await fanout(ruche, params.fanout);
            const ratio = ceiling?.heldDeliveriesPerSec
              ? mine.heldDeliveriesPerSec / ceiling.heldDeliveriesPerSec
              : null;
            return { ruche: mine, ceiling, ratio };
          });
        } else if (sc === 'latency') {
          r.latency = await attempt(label, async () => {
            const ceiling = ceilings
              ? await withBare((b) => latencyScenario(b, params.latency))
              : null;
            return { ruche: await latencyScenario(ruche, params.latency), ceiling };
          });
        } else if (sc === 'throughput') {
          r.throughput = await attempt(label, async () => {
            const ceiling = ceilings
              ? await runBareInsert({
                  store,
                  url: ceilingDbUrl,
                  lanes: params.throughput.senders,
                  durationMs: params.throughput.durationMs,
                })
              : null;
            const mine = await throughput(ruche, params.throughput);
            return {
              ruche: mine,
              ceiling,
              ratio: ceiling ? mine.persistedPerSec / ceiling.perSecond : null,
            };
          });
        } else if (sc === 'idle') {
          if (nodeCount !== 1) continue;
          r.idle = await attempt(label, async () => {
            const ceiling = ceilings ? await withBare((b) => idle(b, params.idle)) : null;
            return { ruche: await idle(ruche, params.idle), ceiling };
          });
        }
      }
      config.runs.push(r);
    }
    config.population = pop.timings;
  } catch (err) {
    log(`${store}/${nodeCount} failed: ${err.stack ?? err}`);
    config.error = String(err.message ?? err);
  } finally {
    for (const fn of local.reverse())
      await Promise.resolve()
        .then(fn)
        .catch(() => {});
    config.summary = summarize(config);
  }
  return config;
}

/**
 * --reference: each run is one configuration per code on a fresh database and fresh nodes,
 * the codes in turn (this checkout first in odd runs, last in even ones, so that neither
 * always follows the other), and the runs of each code are merged into one configuration.
 */
async function alternate(store, nodeCount, codes, ceilingDbUrl) {
  const merged = codes.map((c) => ({
    kind: 'classic',
    store,
    nodes: nodeCount,
    code: c.label,
    reference: Boolean(c.reference),
    runs: [],
    population: [],
  }));
  for (let run = 1; run <= runs; run++) {
    const order = codes.map((_, i) => i);
    if (run % 2 === 0) order.reverse();
    for (const i of order) {
      log(`${store}/${nodeCount} run ${run} of ${runs}: ${codes[i].label}`);
      const one = await runConfig(store, nodeCount, codes[i].main, ceilingDbUrl, 'classic', {
        runCount: 1,
        code: codes[i].label,
        profTag: `-${codes[i].label}-run${run}`,
      });
      merged[i].runs.push(...one.runs.map((r) => ({ ...r, run, at: new Date().toISOString() })));
      merged[i].population.push(one.population);
      if (one.error) merged[i].error = one.error;
    }
  }
  for (const m of merged) m.summary = summarize(m);
  return merged;
}

async function main() {
  const results = {
    startedAt: new Date().toISOString(),
    options: { ...opt, runs, scenarios, params },
    machine: await machine(),
    git: gitInfo(),
    configs: [],
  };
  let mainJs;
  let label = `${results.git.commit}${results.git.dirty ? '+' : ''}`;
  if (opt.at) {
    const commit = resolveCommit(opt.at);
    mainJs = await buildReference(commit, log);
    label = commit.short;
    results.git = { commit: commit.short, dirty: false, at: true };
  } else {
    log('building the server bundle into bench/.build');
    mainJs = await buildServer();
  }
  // The measured code first, then each reference: runs alternate between them (below).
  const codes = [{ label, main: mainJs }];
  for (const rev of opt.reference ? opt.reference.split(',').map((r) => r.trim()) : []) {
    const commit = resolveCommit(rev);
    codes.push({ label: commit.short, main: await buildReference(commit, log), reference: true });
  }
  if (codes.length > 1) results.references = codes.filter((c) => c.reference).map((c) => c.label);
  const stores = opt.store.split(',').map((s) => s.trim());
  const nodeCounts = opt.nodes.split(',').map(Number);
  let ceilingDbUrl;
  if (stores.includes('postgres') && ceilings && classic.length > 0) {
    const name = `ruche_bench_ceiling_${process.pid}`;
    ceilingDbUrl = await createDatabase(opt['database-url'], name);
    cleanups.push(() => dropDatabase(opt['database-url'], name));
  }
  for (const store of stores) {
    for (const n of nodeCounts) {
      if (store === 'embedded' && n > 1) {
        log('skipping embedded with 2 nodes: the embedded store belongs to one process');
        continue;
      }
      if (classic.length > 0 && codes.length > 1) {
        results.configs.push(...(await alternate(store, n, codes, ceilingDbUrl)));
      } else if (classic.length > 0) {
        results.configs.push(await runConfig(store, n, mainJs, ceilingDbUrl));
      }
      if (scenarios.includes('capacity'))
        results.configs.push(await runConfig(store, n, mainJs, ceilingDbUrl, 'capacity'));
    }
  }
  results.finishedAt = new Date().toISOString();
  results.machine.loadEnd = os.loadavg().map((x) => x.toFixed(2));
  const file = path.join(resultsDir, `bench-${stamp}.json`);
  writeFileSync(file, JSON.stringify(results, null, 2));
  console.log(markdown(results));
  if (results.references) console.log(`\n${comparisonMarkdown(results)}`);
  console.log(`\nFull results: ${path.relative(repoRoot, file)}`);
}

let exitCode = 0;
const guard = setTimeout(
  () => {
    log('the suite exceeded its 3-hour bound; stopping');
    process.exit(2);
  },
  3 * 3600 * 1000,
);
guard.unref();
process.on('SIGINT', () => {
  log('interrupted');
  process.exit(130);
});
try {
  await main();
} catch (err) {
  log(err.stack ?? err);
  exitCode = 1;
} finally {
  for (const fn of cleanups.reverse())
    await Promise.resolve()
      .then(fn)
      .catch(() => {});
  destroyAgent();
}
process.exit(exitCode);
