// Medians over runs, ratios to the ceilings, targets, and the markdown table.
import { median } from './clock.mjs';

const TARGETS = {
  fanoutRatio: { min: 0.5, text: '≥ 50 % of bare ws' },
  latencyP50: { max: 5, text: '≤ 5 ms' },
  latencyP99: { max: 20, text: '≤ 20 ms' },
  throughput: { min: 2000, text: '≥ 2,000/s' },
  throughputRatio: { min: 0.5, text: '≥ 50 % of bare INSERT' },
  idleKB: { max: 20, text: '≤ 20 KB' },
};

const pick = (runs, f) =>
  median(
    runs.map((r) => {
      try {
        return f(r);
      } catch {
        return null;
      }
    }),
  );

/** One config's medians: { metric: { value, ceiling?, ratio?, target?, met? } }. */
export function summarize(config) {
  if (config.kind === 'capacity') return summarizeCapacity(config.capacity);
  const runs = config.runs;
  const out = {};
  const has = (k) => runs.some((r) => r[k] && !r[k].error);
  if (has('fanout')) {
    out.fanoutDeliveries = {
      value: pick(runs, (r) => r.fanout.ruche.heldDeliveriesPerSec),
      ceiling: pick(runs, (r) => r.fanout.ceiling?.heldDeliveriesPerSec ?? null),
      ratio: pick(runs, (r) => r.fanout.ratio),
      target: TARGETS.fanoutRatio,
      unit: 'deliveries/s',
      p99: pick(runs, (r) => r.fanout.ruche.heldLatency?.p99 ?? null),
    };
  }
  if (has('latency')) {
    out.latencyP50 = {
      value: pick(runs, (r) => r.latency.ruche.latency.p50),
      ceiling: pick(runs, (r) => r.latency.ceiling?.latency.p50 ?? null),
      target: TARGETS.latencyP50,
      unit: 'ms',
    };
    out.latencyP99 = {
      value: pick(runs, (r) => r.latency.ruche.latency.p99),
      ceiling: pick(runs, (r) => r.latency.ceiling?.latency.p99 ?? null),
      target: TARGETS.latencyP99,
      unit: 'ms',
    };
  }
  if (has('throughput')) {
    out.throughput = {
      value: pick(runs, (r) => r.throughput.ruche.persistedPerSec),
      ceiling: pick(runs, (r) => r.throughput.ceiling?.perSecond ?? null),
      ratio: pick(runs, (r) => r.throughput.ratio),
      target: TARGETS.throughput,
      ratioTarget: TARGETS.throughputRatio,
      unit: 'persisted msgs/s',
    };
  }
  if (has('idle')) {
    out.idle = {
      value: pick(runs, (r) => r.idle.ruche.kibPerSocket * 1.024),
      ceiling: pick(runs, (r) => (r.idle.ceiling ? r.idle.ceiling.kibPerSocket * 1.024 : null)),
      sockets: pick(runs, (r) => r.idle.ruche.sockets),
      target: TARGETS.idleKB,
      unit: 'KB/socket',
    };
  }
  for (const m of Object.values(out)) {
    const t = m.target;
    const v = t === TARGETS.fanoutRatio ? m.ratio : m.value;
    m.met = v === null ? null : t.min !== undefined ? v >= t.min : v <= t.max;
    if (m.ratioTarget) m.ratioMet = m.ratio === null ? null : m.ratio >= m.ratioTarget.min;
  }
  return out;
}

const fmt = (x, digits = 0) =>
  x === null || x === undefined
    ? '–'
    : Number(x).toLocaleString('en-US', {
        maximumFractionDigits: digits,
        minimumFractionDigits: digits,
      });
const pct = (x) => (x === null || x === undefined ? '–' : `${Math.round(x * 100)} %`);
const met = (b) => (b === null || b === undefined ? '–' : b ? 'met' : '**missed**');

/** (e): the largest passing N and the issue's targets at it. */
function summarizeCapacity(c) {
  if (!c || c.error) return {};
  const L = c.limits;
  const soak = c.options.soakS ? c.steps[0]?.soak : null;
  const drifts = soak ? Object.values(soak).map((x) => x.drift) : [];
  const worstDrift = drifts.length && drifts.every((d) => d !== null) ? Math.max(...drifts) : null;
  return {
    largestPassing: c.largestPassing,
    usersMet: c.options.soakS ? null : c.largestPassing >= L.targetUsers,
    coresPer1000: c.coresPer1000AtLargest,
    cpuMet: c.coresPer1000AtLargest === null ? null : c.coresPer1000AtLargest <= L.coresPer1000Max,
    soakDrift: worstDrift,
    soakMet: worstDrift === null ? null : worstDrift < L.soakDriftMax,
  };
}

const ms = (x) => (x === null || x === undefined ? '–' : fmt(x, x < 10 ? 1 : 0));
const cpuPct = (cores) => (cores === null || cores === undefined ? '–' : `${fmt(cores * 100)} %`);

/** (e)'s tables: one row per step, then the routes' p99 per step, then the verdict. */
function capacityMarkdown(c, name) {
  const lines = [];
  const cap = c.capacity;
  if (!cap || cap.error) {
    lines.push(`(e) capacity, ${name}: error: ${String(cap?.error ?? c.error).split('\n')[0]}`);
    return lines;
  }
  const o = cap.options;
  const w = cap.workspace;
  lines.push(
    '',
    `### (e) capacity — ${name}`,
    '',
    `${o.soakS ? `soak: ${o.soakS} s at ${cap.steps[0]?.users ?? '?'} users` : `steps of ${o.holdS} s`}; pace ×${o.pace} (a user switches channel every ${fmt(cap.periodsS.switch, 1)} s, sends every ${fmt(cap.periodsS.send, 1)} s, reacts every ${fmt(cap.periodsS.react, 1)} s, changes presence and reloads every ${fmt(cap.periodsS.reload, 1)} s on average); reload: ${o.reload === 'reconnect' ? `socket reconnected (deliveries counted on 1 user in ${o.witnessEvery}, who keep theirs)` : 'calls only, socket kept'}; workspace: ${fmt(w.users)} users, ${w.bigChannels} channels of ${fmt(w.bigMembers)}, ${fmt(w.channels)} of ${w.channelMin}–${w.channelMax}, ${fmt(w.dms)} DMs, ${fmt(w.messages)} messages`,
    '',
    '| N | connected | API p50 / p99 ms | delivery p50 / p99 ms | send→ack p99 ms | lost | shed | errors | server CPU | PostgreSQL CPU | (server + PG) per 1,000 users | RSS MiB | loop delay p99 ms | generator CPU | machine busy | verdict |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|',
  );
  for (const s of cap.steps) {
    const redis = s.cpu.redis ? ` (+ Redis ${cpuPct(s.cpu.redis)})` : '';
    lines.push(
      `| ${fmt(s.users)} | ${fmt(s.connected)} | ${ms(s.api.p50)} / ${ms(s.api.p99)} | ${ms(s.delivery.p50)} / ${ms(s.delivery.p99)} | ${ms(s.ack.p99)} | ${fmt(s.lost)} of ${fmt(s.expectedDeliveries)} | ${fmt(s.shed)} (${(s.shedRate * 100).toFixed(2)} %) | ${fmt(s.errors)} | ${cpuPct(s.cpu.server)}${redis} | ${cpuPct(s.cpu.storeTotal)} | ${cpuPct(s.coresPer1000)} | ${Object.values(
        s.rss,
      )
        .map((r) => fmt(r.mib))
        .join(
          ' + ',
        )} | ${ms(s.eventLoop.p99)} | ${cpuPct(s.cpu.generator)} | ${pct(s.cpu.machineBusy)} | ${s.pass ? 'pass' : `**fail**: ${s.why.join('; ')}`} |`,
    );
  }
  const kinds = ['page', 'read', 'react', 'user', 'channels', 'catchup', 'head'];
  lines.push(
    '',
    `| N | API calls | sends | deliveries (all sockets) | ${kinds.map((k) => `${k} p99 ms`).join(' | ')} |`,
    `|---:|---:|---:|---:|${kinds.map(() => '---:').join('|')}|`,
  );
  for (const s of cap.steps) {
    lines.push(
      `| ${fmt(s.users)} | ${fmt(s.calls)} | ${fmt(s.sent)} | ${fmt(s.delivery.n)} | ${kinds.map((k) => ms(s.apiKinds[k]?.p99)).join(' | ')} |`,
    );
  }
  const sum = c.summary ?? {};
  const L = cap.limits;
  lines.push('');
  if (o.soakS) {
    const soak = cap.steps[0]?.soak ?? {};
    const warmupS = fmt(cap.steps[0]?.warmup?.seconds ?? 0);
    lines.push(
      `Soak (measured after ${warmupS} s of warm-up at this load): ${Object.entries(soak)
        .map(
          ([n, x]) =>
            `${n} RSS ${fmt(x.startMib)} → ${fmt(x.endMib)} MiB, means of the first and last ${fmt(x.windowS)} s (${x.drift === null ? '–' : `${(x.drift * 100).toFixed(1)} %`}; first and last samples ${fmt(x.firstMib)} → ${fmt(x.lastMib)} MiB; trend over the series ${x.slopeMibPerHour === null ? '–' : `${fmt(x.slopeMibPerHour, 1)} MiB/h`})`,
        )
        .join(
          ', ',
        )}; target growth < ${L.soakDriftMax * 100} %: ${met(sum.soakMet)}; the soak's step ${cap.steps[0]?.pass ? 'passed' : 'failed'}.`,
    );
  } else {
    if (o.pace !== 1) {
      lines.push(
        `Pace ×${o.pace}: each user acts as ${o.pace} would, so the figures below do not answer the issue's targets (a smoke run).`,
      );
    }
    lines.push(
      `Largest passing N: **${fmt(sum.largestPassing)}** (target ≥ ${fmt(L.targetUsers)}: ${met(sum.usersMet)}); server + PostgreSQL CPU per 1,000 active users at it: ${cpuPct(sum.coresPer1000)} of one core (target ≤ ${L.coresPer1000Max * 100} %: ${met(sum.cpuMet)}). A step passes with API p99 ≤ ${L.apiP99Ms} ms, delivery p99 ≤ ${L.deliveryP99Ms} ms, nothing lost, every send answered, no error, shed ≤ ${L.shedRateMax * 100} %, every user connected.`,
    );
  }
  return lines;
}

export function markdown(results) {
  const classic = results.configs.some((c) => c.kind !== 'capacity');
  const lines = [
    `Ruche bench — ${results.startedAt} — commit ${results.git.commit}${results.git.dirty ? ' (+ uncommitted server changes)' : ''}`,
    `${results.machine.nproc} cores, ${results.machine.memGiB} GiB, Node ${results.machine.node}, ${results.machine.postgres}; load avg at start ${results.machine.loadStart.join(' ')}, at end ${results.machine.loadEnd?.join(' ') ?? '?'}${classic ? `; sends over ${results.options.send === 'http' ? 'HTTP (POST)' : 'the socket (send_message)'}; ${results.options.runs} run(s), medians` : ''}`,
    '',
    '| config | figure | Ruche | ceiling | ratio | target | met |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  const capacityLines = [];
  for (const c of results.configs) {
    const s = c.summary ?? {};
    const name = `${c.store}, ${c.nodes} node${c.nodes > 1 ? 's + Redis' : ''}${c.code ? `, ${c.code}` : ''}`;
    if (c.kind === 'capacity') {
      capacityLines.push(...capacityMarkdown(c, name));
      continue;
    }
    if (s.fanoutDeliveries) {
      const m = s.fanoutDeliveries;
      lines.push(
        `| ${name} | (a) fan-out to 1,000 sockets, deliveries/s held at p99 ≤ 100 ms | ${fmt(m.value)} | ${fmt(m.ceiling)} (bare ws) | ${pct(m.ratio)} | ${m.target.text} | ${met(m.met)} |`,
      );
    }
    if (s.latencyP50) {
      lines.push(
        `| ${name} | (b) 1 sender, 100 sockets, 20 msg/s: p50 ms | ${fmt(s.latencyP50.value, 2)} | ${fmt(s.latencyP50.ceiling, 2)} (bare ws) | – | ${s.latencyP50.target.text} | ${met(s.latencyP50.met)} |`,
      );
      lines.push(
        `| ${name} | (b) … p99 ms | ${fmt(s.latencyP99.value, 2)} | ${fmt(s.latencyP99.ceiling, 2)} (bare ws) | – | ${s.latencyP99.target.text} | ${met(s.latencyP99.met)} |`,
      );
    }
    if (s.throughput) {
      const m = s.throughput;
      lines.push(
        `| ${name} | (c) 50 senders × 50 channels, persisted msgs/s | ${fmt(m.value)} | ${fmt(m.ceiling)} (bare INSERT) | ${pct(m.ratio)} | ${m.target.text}; ${m.ratioTarget.text} | ${met(m.met)}; ${met(m.ratioMet)} |`,
      );
    }
    if (s.idle) {
      lines.push(
        `| ${name} | (d) ${fmt(s.idle.sockets)} idle sockets, server RSS per socket (KB) | ${fmt(s.idle.value, 1)} | ${fmt(s.idle.ceiling, 1)} (bare ws) | – | ${s.idle.target.text} | ${met(s.idle.met)} |`,
      );
    }
    for (const [i, r] of c.runs.entries()) {
      for (const [k, v] of Object.entries(r)) {
        if (v?.error)
          lines.push(
            `| ${name} | run ${i + 1} ${k}: error | ${String(v.error).split('\n')[0].slice(0, 120)} | | | | |`,
          );
      }
    }
    if (c.error)
      lines.push(
        `| ${name} | configuration error | ${String(c.error).split('\n')[0].slice(0, 160)} | | | | |`,
      );
  }
  if (!classic) lines.splice(-3, 3);
  return [...lines, ...capacityLines].join('\n');
}

/**
 * --reference: each figure of this checkout against each reference run in the same sitting,
 * the medians' ratio (> 1: this checkout does more, or is faster for latency and memory).
 */
export function comparisonMarkdown(results) {
  const FIGURES = [
    ['throughput', '(c) persisted msgs/s', (r) => r.throughput?.ruche?.persistedPerSec, false],
    ['fanoutDeliveries', '(a) deliveries/s', (r) => r.fanout?.ruche?.heldDeliveriesPerSec, false],
    ['latencyP50', '(b) p50 ms', (r) => r.latency?.ruche?.latency?.p50, true],
    ['latencyP99', '(b) p99 ms', (r) => r.latency?.ruche?.latency?.p99, true],
    ['idle', '(d) KB per socket', (r) => r.idle?.ruche?.kibPerSocket * 1.024, true],
  ];
  const lines = [
    'Same sitting, runs alternated (medians; per run in the order run):',
    '',
    '| config | figure | code | median | runs | ratio of this checkout to it |',
    '|---|---|---|---:|---|---:|',
  ];
  const classic = results.configs.filter((c) => c.kind !== 'capacity' && c.code);
  const groups = new Map();
  for (const c of classic) {
    const key = `${c.store}, ${c.nodes} node${c.nodes > 1 ? 's' : ''}`;
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(c);
  }
  for (const [key, configs] of groups) {
    const mine = configs.find((c) => !c.reference);
    for (const [name, text, perRun, lowerIsBetter] of FIGURES) {
      if (!mine?.summary?.[name]) continue;
      for (const c of configs) {
        const value = c.summary?.[name]?.value;
        const base = mine.summary[name].value;
        const ratio =
          c === mine || !value || base == null
            ? '–'
            : `${(lowerIsBetter ? value / base : base / value).toFixed(2)} ×`;
        const digits = name === 'throughput' || name === 'fanoutDeliveries' ? 0 : 2;
        const each = c.runs.map((r) => fmt(perRun(r) ?? null, digits));
        lines.push(
          `| ${key} | ${text} | ${c.code}${c.reference ? ' (reference)' : ''} | ${fmt(value, digits)} | ${each.join(', ')} | ${ratio} |`,
        );
      }
    }
  }
  return lines.join('\n');
}
