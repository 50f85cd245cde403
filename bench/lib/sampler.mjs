// CPU and memory over a long measurement, sampled every few seconds: over minutes, the
// processes to count change (PostgreSQL backends come and go with the pools, a reloading
// client opens new connections), so a before/after pair of readings is not enough. Each
// group is a function giving its pids now; a pid first seen after the start counts from its
// birth, a pid gone keeps what it had used at its last sample.
import { readFileSync } from 'node:fs';
import { memoryOf } from './servers.mjs';

const TICK = 100; // USER_HZ: /proc/<pid>/stat counts clock ticks of 10 ms

function cpuOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) / TICK;
  } catch {
    return null;
  }
}

function machineTicks() {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const n = f.map(Number);
  return { idle: n[3] + n[4], total: n.reduce((a, b) => a + b, 0) };
}

const round3 = (x) => Math.round(x * 1000) / 1000;

export class Sampler {
  /**
   * @param groups { name: () => pids | Promise<pids> }
   * @param rssPids { name: pid }: processes whose VmRSS is followed (the nodes)
   */
  constructor(groups, rssPids, intervalMs = 2000) {
    this.groups = groups;
    this.rssPids = rssPids;
    this.intervalMs = intervalMs;
    this.last = new Map(); // `${group}:${pid}` → cpu seconds at the last sample
    this.used = Object.fromEntries(Object.keys(groups).map((g) => [g, 0]));
    this.rss = {}; // name → { last, max } (KiB)
    this.timer = null;
    this.running = null;
  }

  async sample() {
    for (const [g, fn] of Object.entries(this.groups)) {
      let pids = [];
      try {
        pids = await fn();
      } catch {}
      for (const pid of pids) {
        const key = `${g}:${pid}`;
        const now = cpuOf(pid);
        if (now === null) continue;
        const before = this.last.get(key);
        // First seen after the start: born during the measurement (a new backend).
        if (before === undefined) {
          if (this.started) this.used[g] += now;
        } else this.used[g] += Math.max(0, now - before);
        this.last.set(key, now);
      }
    }
    for (const [name, pid] of Object.entries(this.rssPids)) {
      try {
        const kib = memoryOf(pid).rssKiB;
        const r = this.rss[name] ?? { max: 0 };
        r.last = kib;
        r.max = Math.max(r.max, kib);
        this.rss[name] = r;
      } catch {}
    }
  }

  async start() {
    await this.sample();
    this.started = true;
    const loop = async () => {
      this.running = this.sample();
      await this.running;
      if (!this.stopped) this.timer = setTimeout(loop, this.intervalMs);
    };
    this.timer = setTimeout(loop, this.intervalMs);
    this.mark();
  }

  /** Start a window: what `window()` reports is measured from here. */
  mark() {
    this.windowStart = {
      at: performance.now(),
      used: { ...this.used },
      machine: machineTicks(),
    };
    for (const r of Object.values(this.rss)) r.max = r.last;
  }

  /** Cores used per group since mark() (a fresh sample first), RSS now and its max, machine busy. */
  async window() {
    await this.running;
    await this.sample();
    const w = this.windowStart;
    const seconds = (performance.now() - w.at) / 1000;
    const cores = {};
    for (const g of Object.keys(this.groups))
      cores[g] = round3((this.used[g] - w.used[g]) / seconds);
    const m = machineTicks();
    const total = m.total - w.machine.total;
    const rss = {};
    for (const [name, r] of Object.entries(this.rss)) {
      rss[name] = { mib: Math.round(r.last / 102.4) / 10, maxMib: Math.round(r.max / 102.4) / 10 };
    }
    return {
      seconds: Math.round(seconds * 10) / 10,
      cores,
      rss,
      machineBusy: total > 0 ? round3(1 - (m.idle - w.machine.idle) / total) : null,
    };
  }

  async stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }
}
