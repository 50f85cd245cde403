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

export function markdown(results) {
  const lines = [
    `Ruche bench — ${results.startedAt} — commit ${results.git.commit}${results.git.dirty ? ' (+ uncommitted server changes)' : ''}`,
    `${results.machine.nproc} cores, ${results.machine.memGiB} GiB, Node ${results.machine.node}, ${results.machine.postgres}; load avg at start ${results.machine.loadStart.join(' ')}; sends over ${results.options.send === 'http' ? 'HTTP (POST)' : 'the socket (send_message)'}; ${results.options.runs} run(s), medians`,
    '',
    '| config | figure | Ruche | ceiling | ratio | target | met |',
    '|---|---|---:|---:|---:|---|---|',
  ];
  for (const c of results.configs) {
    const s = c.summary ?? {};
    const name = `${c.store}, ${c.nodes} node${c.nodes > 1 ? 's + Redis' : ''}`;
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
  return lines.join('\n');
}
