// CPU accounting around a measurement: cores used by the servers, the clients and the
// whole machine (the machine is shared: the last figure shows how noisy the run was).
import { readFileSync } from 'node:fs';
import { cpuSecondsOf } from './servers.mjs';

function machineTicks() {
  const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
  const f = line.trim().split(/\s+/).slice(1).map(Number);
  const idle = f[3] + f[4];
  const total = f.reduce((a, b) => a + b, 0);
  return { idle, total };
}

export function startCpuWatch(groups) {
  const started = performance.now();
  const before = Object.fromEntries(
    Object.entries(groups).map(([k, pids]) => [k, pids.reduce((s, p) => s + cpuSecondsOf(p), 0)]),
  );
  const bench = process.cpuUsage();
  const m0 = machineTicks();
  return () => {
    const seconds = (performance.now() - started) / 1000;
    const out = {};
    for (const [k, pids] of Object.entries(groups)) {
      const after = pids.reduce((s, p) => s + cpuSecondsOf(p), 0);
      out[k] = round2((after - before[k]) / seconds);
    }
    const b = process.cpuUsage(bench);
    out.sender = round2((b.user + b.system) / 1e6 / seconds);
    const m1 = machineTicks();
    const total = m1.total - m0.total;
    out.machineBusy = total > 0 ? round2(1 - (m1.idle - m0.idle) / total) : null;
    return out;
  };
}

const round2 = (x) => Math.round(x * 100) / 100;
