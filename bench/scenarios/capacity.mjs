// (e) Capacity: how many active users one node (or a pair behind Redis) holds under a mixed
// workload (issue 15, item 3). Every user has one socket and, at random times, switches
// channel about once a minute, sends every 2 minutes, reacts every 5, changes presence and
// reloads every 10, and marks read on new messages in the open channel as the web client
// does. N steps up; each step is held, measured, and judged; stepping stops one step after
// the first that fails. See bench/README.md, scenario (e).
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { ClientPool } from '../lib/clients.mjs';
import { nowMs, sleep } from '../lib/clock.mjs';
import { createHistogram, mergeSparse, record } from '../lib/histogram.mjs';
import { Sampler } from '../lib/sampler.mjs';
import { drawWorkspace, seedWorkspace, workspaceSizes } from '../lib/workspace.mjs';
import { latency } from './common.mjs';

const workerScript = fileURLToPath(new URL('../lib/capacity-worker.mjs', import.meta.url));

/** Mean seconds between a user's actions of each kind (issue 15), before --pace. */
export const PERIODS_S = { switch: 60, send: 120, react: 300, reload: 600 };
/** How long a user types before sending, before --pace. */
const TYPING_MS = 3000;

/** What a step must hold to pass, and the issue's targets for the verdict. */
export const CAPACITY_LIMITS = {
  apiP99Ms: 200,
  deliveryP99Ms: 500,
  /** Refusals (503, 4503) per attempt: a passing step sheds nothing to speak of. */
  shedRateMax: 0.001,
  targetUsers: 5000,
  /** Cores (server + PostgreSQL) per 1,000 active users. */
  coresPer1000Max: 0.15,
  soakDriftMax: 0.1,
};

/**
 * A soak's RSS is compared between the means of its first and last windows, not two
 * samples: V8 lets the heap grow to a multiple of what is live before a full collection, so
 * one sample lands anywhere on that sawtooth (docs/performance-log.md,
 * capacity, 2026-11-27, 13:13).
 */
const SOAK_SAMPLE_MS = 5_000;
const SOAK_WINDOW_S = 180;

const PROBES_PER_NODE = 2;
const PROBE_EVERY_MS = 250;

/**
 * Sockets of users who are in no channel, pinging their node every 250 ms: the `pong` round
 * trip is the node's event-loop delay (plus a loopback hop), per node, per step.
 */
class Probes {
  constructor(nodes, users) {
    this.probes = users.map((u, i) => ({
      user: u,
      node: nodes[i % nodes.length],
      n: i % nodes.length,
    }));
    this.hists = nodes.map(() => createHistogram());
    this.lost = 0;
  }

  async open() {
    await Promise.all(
      this.probes.map(
        (p) =>
          new Promise((resolve, reject) => {
            const ws = new WebSocket(p.node.wsUrl, {
              headers: { cookie: p.user.cookie, origin: p.node.origin },
              perMessageDeflate: false,
            });
            p.ws = ws;
            const timer = setTimeout(
              () => reject(new Error('probe socket not ready in 30 s')),
              30_000,
            );
            ws.on('open', () => ws.send(JSON.stringify({ type: 'auth', userId: p.user.id })));
            ws.on('message', (data) => {
              const s = data.toString();
              if (s.includes('"type":"ready"')) {
                clearTimeout(timer);
                resolve();
              }
              if (s.includes('"type":"pong"') && p.sentAt !== undefined) {
                record(this.hists[p.n], nowMs() - p.sentAt);
                p.sentAt = undefined;
              }
            });
            ws.on('error', reject);
          }),
      ),
    );
    this.timer = setInterval(() => {
      for (const p of this.probes) {
        if (p.ws.readyState !== WebSocket.OPEN) continue;
        if (p.sentAt !== undefined) {
          // Still no pong after a whole period: counts as the period it has waited so far.
          if (nowMs() - p.sentAt < 5000) continue;
          this.lost++;
        }
        p.sentAt = nowMs();
        p.ws.send('{"type":"ping"}');
      }
    }, PROBE_EVERY_MS);
  }

  /** Per node and overall, since the last window; then start again. */
  window() {
    const all = createHistogram();
    const perNode = this.hists.map((h) => {
      all.n += h.n;
      for (let i = 0; i < h.counts.length; i++) all.counts[i] += h.counts[i];
      if (h.max > all.max) all.max = h.max;
      return latency(h);
    });
    this.hists = this.hists.map(() => createHistogram());
    const lost = this.lost;
    this.lost = 0;
    return { ...latency(all), perNode, unanswered: lost };
  }

  close() {
    clearInterval(this.timer);
    for (const p of this.probes) p.ws?.terminate();
  }
}

const sum = (xs) => xs.reduce((a, b) => a + b, 0);

/** The least-squares slope of [x, y] points (null under two points). */
function slope(points) {
  const ps = points.filter(([, y]) => typeof y === 'number');
  if (ps.length < 2) return null;
  const mx = sum(ps.map(([x]) => x)) / ps.length;
  const my = sum(ps.map(([, y]) => y)) / ps.length;
  const sxx = sum(ps.map(([x]) => (x - mx) ** 2));
  const sxy = sum(ps.map(([x, y]) => (x - mx) * (y - my)));
  return sxx ? Math.round((sxy / sxx) * 10) / 10 : null;
}
const addInto = (into, from) => {
  for (const [k, v] of Object.entries(from ?? {})) into[k] = (into[k] ?? 0) + v;
  return into;
};

/** One step's figures from every worker's report, the sampler's window and the probes'. */
function stepFigures({ N, reports, cpu, loop, witnessActive, nodeCount }) {
  const api = createHistogram();
  const delivery = createHistogram();
  const ack = createHistogram();
  const kinds = {};
  const statuses = {};
  const rejected = {};
  const actions = {};
  const errors = {};
  const ackedByChannel = {};
  for (const r of reports) {
    mergeSparse(api, r.api);
    mergeSparse(delivery, r.delivery);
    mergeSparse(ack, r.ack);
    for (const [k, h] of Object.entries(r.kinds)) {
      kinds[k] ??= createHistogram();
      mergeSparse(kinds[k], h);
    }
    addInto(statuses, r.statuses);
    addInto(rejected, r.rejected);
    addInto(actions, r.actions);
    addInto(errors, r.errors);
    addInto(ackedByChannel, r.ackedByChannel);
  }
  const total = (key) => sum(reports.map((r) => r[key]));
  let expected = 0;
  for (const [ch, n] of Object.entries(ackedByChannel)) expected += n * witnessActive[ch];
  const received = total('witnessReceived');
  const calls = total('calls');
  const sent = total('sent');
  const connects = total('connects');
  const deferred = total('deferred') + total('refused503');
  const shed = (statuses[503] ?? 0) + (rejected[503] ?? 0) + deferred;
  const attempts = calls + sent + connects;
  const unanswered = total('unanswered') + total('pendingSends');
  const errorCount = sum(Object.values(errors)) + total('pendingSends');
  const serverCores = sum(
    Object.keys(cpu.cores)
      .filter((g) => g.startsWith('node'))
      .map((g) => cpu.cores[g]),
  );
  const storeCores = cpu.cores.store + cpu.cores.storeAux;
  const generatorCores = cpu.cores.clients + cpu.cores.bench;
  const f = {
    users: N,
    connected: total('connected'),
    readyAtEnd: total('ready'),
    seconds: cpu.seconds,
    api: latency(api),
    apiKinds: Object.fromEntries(Object.entries(kinds).map(([k, h]) => [k, latency(h)])),
    delivery: latency(delivery),
    ack: latency(ack),
    sent,
    acked: total('acked'),
    rejected,
    unanswered,
    expectedDeliveries: expected,
    receivedDeliveries: received,
    lost: Math.max(0, expected - received),
    extraDeliveries: Math.max(0, received - expected),
    calls,
    statuses,
    shed,
    shedRate: attempts ? shed / attempts : 0,
    shedUpgrades: deferred,
    errors: errorCount,
    errorSamples: Object.fromEntries(Object.entries(errors).slice(0, 20)),
    unexpectedCloses: total('unexpectedCloses'),
    resyncs: total('resyncs'),
    actions,
    framesReceived: total('frames'),
    mibReceived: Math.round(total('bytes') / 1048576),
    cpu: {
      ...cpu.cores,
      server: Math.round(serverCores * 1000) / 1000,
      storeTotal: Math.round(storeCores * 1000) / 1000,
      generator: Math.round(generatorCores * 1000) / 1000,
      machineBusy: cpu.machineBusy,
    },
    coresPer1000: Math.round(((serverCores + storeCores) / N) * 1000 * 1000) / 1000,
    rss: cpu.rss,
    rssMib: Math.round(sum(Object.values(cpu.rss).map((r) => r.mib)) * 10) / 10,
    eventLoop: loop,
    generatorLoopDelayP99Ms: Math.max(...reports.map((r) => r.loopDelayP99Ms)),
    nodes: nodeCount,
  };
  const L = CAPACITY_LIMITS;
  const why = [];
  if (f.connected < N) why.push(`${N - f.connected} users not connected`);
  if (f.api.p99 === null || f.api.p99 > L.apiP99Ms) why.push(`API p99 ${f.api.p99} ms`);
  if (f.delivery.p99 === null || f.delivery.p99 > L.deliveryP99Ms)
    why.push(`delivery p99 ${f.delivery.p99} ms`);
  if (f.lost > 0) why.push(`${f.lost} deliveries lost`);
  if (f.unanswered > 0) why.push(`${f.unanswered} sends unanswered`);
  if (f.shedRate > L.shedRateMax) why.push(`shed ${(f.shedRate * 100).toFixed(2)} %`);
  if (f.errors > 0) why.push(`${f.errors} errors`);
  f.pass = why.length === 0;
  f.why = why;
  return f;
}

export async function capacity(sut, o) {
  const log = o.log ?? (() => {});
  const steps = o.soakS ? [o.users[o.users.length - 1]] : o.users;
  const maxN = Math.max(...steps);
  const nodes = sut.recvNodes;
  const probeCount = PROBES_PER_NODE * nodes.length;
  log(`capacity: ${maxN} users (+ ${probeCount} probes)`);
  const people = await sut.pop.ensureUsers(maxN + probeCount);
  const members = people.slice(0, maxN);
  const sizes = workspaceSizes(maxN, o.workspaceScale);
  const drawn = drawWorkspace(sizes);
  const seeded = await seedWorkspace(sut.sql, members, drawn, { log });
  if (o.channelNotifications === false) {
    // --channel-notifications off: the same workload without channel-message notifications.
    await sut.sql`update notification_preferences set channel_messages = false`;
  }
  // Witnesses keep their socket through reloads: deliveries are counted on theirs.
  const witness = (i) => o.reload === 'calls' || i % o.witnessEvery === 0;

  const pool = new ClientPool(o.clients, workerScript);
  const probes = new Probes(nodes, people.slice(maxN));
  const rssPids = Object.fromEntries(nodes.map((n, i) => [`node${i + 1}`, n.pid]));
  const groups = {
    ...Object.fromEntries(nodes.map((n, i) => [`node${i + 1}`, () => [n.pid]])),
    store: sut.storePids,
    storeAux: sut.storeAuxPids ?? (() => []),
    redis: () => (sut.redisPid ? [sut.redisPid] : []),
    clients: () => pool.pids,
    bench: () => [process.pid],
  };
  const sampler = new Sampler(groups, rssPids, 2000);
  const result = {
    options: { ...o, log: undefined },
    periodsS: Object.fromEntries(Object.entries(PERIODS_S).map(([k, v]) => [k, v / o.pace])),
    workspace: { ...sizes, ...seeded.timings },
    limits: CAPACITY_LIMITS,
    steps: [],
  };
  try {
    const params = {
      channelIds: seeded.ids,
      nodes: nodes.map((n) => ({ origin: n.origin, wsUrl: n.wsUrl })),
      periods: Object.fromEntries(
        Object.entries(PERIODS_S).map(([k, v]) => [k, (v * 1000) / o.pace]),
      ),
      typingMs: TYPING_MS / o.pace,
      reload: o.reload,
      // 0: a connection for every request in flight, as each browser has its own, so that a
      // request waits in the server (which may shed it), not in the generator's pool.
      httpConnections: o.httpConnections > 0 ? o.httpConnections : null,
    };
    await Promise.all(
      pool.workers.map((w, i) => pool.call(w, { cmd: 'init', params: { ...params, workerId: i } })),
    );
    await probes.open();
    await sampler.start();
    const everyWorker = (msg, timeoutMs) =>
      Promise.all(pool.workers.map((w) => pool.call(w, msg, timeoutMs)));
    const status = async () => {
      const r = await everyWorker({ cmd: 'status' });
      const total = (k) => sum(r.map((x) => x[k]));
      return {
        ready: total('ready'),
        connected: total('connected'),
        failed: total('failed'),
        deferred: total('deferred') + total('refused503'),
        connectErrors: total('connectErrors'),
        errorSamples: r.reduce((into, x) => addInto(into, x.errorSamples), {}),
      };
    };

    let active = 0;
    /** Connect users active..n-1 at the ramp rate, then wait (bounded) until they are ready. */
    const ramp = async (n) => {
      const t0 = nowMs();
      const before = await status();
      let next = active;
      while (next < n) {
        const due = Math.min(n, active + Math.floor(((nowMs() - t0) / 1000) * o.rampRate) + 1);
        if (due > next) {
          const shares = pool.workers.map(() => []);
          for (let i = next; i < due; i++) {
            shares[i % shares.length].push({
              idx: i,
              id: members[i].id,
              cookie: members[i].cookie,
              node: i % nodes.length,
              channels: drawn.userChannels[i],
              witness: witness(i),
            });
          }
          await Promise.all(
            pool.workers.map((w, k) =>
              shares[k].length ? pool.call(w, { cmd: 'add', users: shares[k] }) : null,
            ),
          );
          next = due;
        }
        await sleep(100);
      }
      const deadline = nowMs() + 60_000;
      let s = await status();
      while (s.connected + s.failed < n && nowMs() < deadline) {
        await sleep(1000);
        s = await status();
      }
      active = n;
      const deferred = s.deferred - before.deferred;
      const errors = s.connectErrors - before.connectErrors;
      const samples = {};
      for (const [why, c] of Object.entries(s.errorSamples)) {
        const d = c - (before.errorSamples[why] ?? 0);
        if (d > 0) samples[why] = d;
      }
      log(
        `ramp to ${n}: ${Math.round((nowMs() - t0) / 1000)} s, ${s.connected} connected${s.failed ? `, ${s.failed} gave up` : ''}, ${deferred} upgrades shed (4503 or 503) and retried, ${errors} connection errors${errors ? ` ${JSON.stringify(samples)}` : ''}`,
      );
      return {
        n,
        seconds: Math.round((nowMs() - t0) / 1000),
        connected: s.connected,
        failed: s.failed,
        shedUpgrades: deferred,
        errors,
        errorSamples: samples,
      };
    };

    /** Wait `seconds`, reading each node's RSS every `everyMs`: [{ s, <node>: MiB }]. */
    const holdRecordingRss = async (seconds, everyMs) => {
      const t0 = nowMs();
      const rssNow = () => ({
        s: Math.round((nowMs() - t0) / 1000),
        ...Object.fromEntries(
          Object.entries(sampler.rss).map(([n, r]) => [n, Math.round(r.last / 102.4) / 10]),
        ),
      });
      const series = [rssNow()];
      while (nowMs() - t0 < seconds * 1000) {
        await sleep(Math.min(everyMs, seconds * 1000 - (nowMs() - t0)));
        series.push(rssNow());
      }
      return series;
    };
    let firstFail = null;
    for (const [i, N] of steps.entries()) {
      const k = i + 1;
      const rampInfo = await ramp(N);
      await sleep(o.settleS * 1000);
      // A soak measures from the steady state: the node's live heap grows for its first
      // minutes under load (each user's channels get visited, code gets optimized), then
      // stays flat (docs/performance-log.md, capacity, 2026-11-27, 13:13).
      let warmupRss = [];
      if (o.soakS && o.soakWarmupS > 0) {
        log(`step ${k}: ${N} users, warming up ${o.soakWarmupS} s before the soak`);
        warmupRss = await holdRecordingRss(o.soakWarmupS, SOAK_SAMPLE_MS);
      }
      const witnessActive = drawn.channels.map(
        (c) => c.members.filter((m) => m < N && witness(m)).length,
      );
      await everyWorker({ cmd: 'tag', step: k });
      sampler.mark();
      probes.window();
      const holdS = o.soakS || o.holdS;
      log(`step ${k}: ${N} users, holding ${holdS} s`);
      const rssSeries = await holdRecordingRss(holdS, o.soakS ? SOAK_SAMPLE_MS : 10_000);
      await everyWorker({ cmd: 'tag', step: 0 });
      const cpu = await sampler.window();
      const loop = probes.window();
      await sleep(o.drainS * 1000);
      const reports = await everyWorker({ cmd: 'report', step: k }, 60_000);
      const f = stepFigures({ N, reports, cpu, loop, witnessActive, nodeCount: nodes.length });
      f.rssSeries = rssSeries;
      f.ramp = rampInfo;
      if (o.soakS) {
        f.warmup = { seconds: o.soakWarmupS, rssSeries: warmupRss };
        const endS = rssSeries[rssSeries.length - 1]?.s ?? 0;
        const windowMean = (n, from, to) => {
          const ys = rssSeries.filter((x) => x.s >= from && x.s <= to && typeof x[n] === 'number');
          return ys.length ? Math.round((sum(ys.map((x) => x[n])) / ys.length) * 10) / 10 : null;
        };
        f.soak = Object.fromEntries(
          Object.keys(rssPids).map((n) => {
            const startMib = windowMean(n, 0, SOAK_WINDOW_S);
            const endMib = windowMean(n, endS - SOAK_WINDOW_S, endS);
            return [
              n,
              {
                windowS: SOAK_WINDOW_S,
                startMib,
                endMib,
                drift: startMib ? Math.round(((endMib - startMib) / startMib) * 1000) / 1000 : null,
                // The two samples at the ends, as this figure was first reported (a sawtooth's
                // two points: see SOAK_SAMPLE_MS).
                firstMib: rssSeries[0]?.[n] ?? null,
                lastMib: rssSeries[rssSeries.length - 1]?.[n] ?? null,
                // Least squares over the whole series: a slow leak shows in it even when the
                // two windows happen to fall on different phases of the sawtooth.
                slopeMibPerHour: slope(rssSeries.map((x) => [x.s / 3600, x[n]])),
              },
            ];
          }),
        );
      }
      result.steps.push(f);
      log(
        `step ${k}: ${N} users: API p99 ${f.api.p99} ms, delivery p99 ${f.delivery.p99} ms, ack p99 ${f.ack.p99} ms, lost ${f.lost}, shed ${f.shed}, errors ${f.errors}, server ${f.cpu.server} + PG ${f.cpu.storeTotal} cores, generator ${f.cpu.generator}: ${f.pass ? 'pass' : `FAIL (${f.why.join('; ')})`}`,
      );
      if (!f.pass && firstFail === null) firstFail = i;
      if (firstFail !== null && i >= firstFail + 1) break;
    }
  } finally {
    probes.close();
    await sampler.stop();
    await pool.exit();
  }
  const passing = [];
  for (const s of result.steps) {
    if (!s.pass) break;
    passing.push(s);
  }
  const best = passing[passing.length - 1] ?? null;
  result.largestPassing = best?.users ?? 0;
  result.coresPer1000AtLargest = best?.coresPer1000 ?? null;
  return result;
}
