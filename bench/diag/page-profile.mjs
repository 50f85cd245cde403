// Summarize a browser page's V8 CPU profile (from `node bench/startup/run.mjs --profile DIR`):
// the main thread's busy time by script (the build's chunk) and by function, and a timeline
// in 100 ms slices from the profile's start — what the page ran, and when.
//   node bench/diag/page-profile.mjs /tmp/sprof/warm-3.cpuprofile [--top 25]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '25' } },
});
const top = Number(values.top);
const prof = JSON.parse(readFileSync(positionals[0], 'utf8'));
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const script = (n) => {
  const url = n.callFrame.url;
  if (!url) return n.callFrame.functionName || '(native)';
  return url.replace(/^https?:\/\/[^/]+/, '').replace(/-[\w-]{8}\.js$/, '.js');
};
const fn = (n) =>
  `${n.callFrame.functionName || '(anonymous)'} ${script(n)}:${n.callFrame.lineNumber + 1}:${n.callFrame.columnNumber + 1}`;
const IDLE = new Set(['(idle)', '(program)']);

const byScript = new Map();
const byFn = new Map();
const slices = new Map();
let at = 0;
let busy = 0;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  at += dt;
  const n = nodes.get(id);
  if (IDLE.has(n.callFrame.functionName)) return;
  busy += dt;
  const s = script(n);
  byScript.set(s, (byScript.get(s) ?? 0) + dt);
  byFn.set(fn(n), (byFn.get(fn(n)) ?? 0) + dt);
  const slice = Math.floor(at / 100_000);
  const inSlice = slices.get(slice) ?? new Map();
  inSlice.set(s, (inSlice.get(s) ?? 0) + dt);
  slices.set(slice, inSlice);
});
const ms = (us) => (us / 1000).toFixed(1).padStart(7);
const sorted = (m) => [...m].sort((a, b) => b[1] - a[1]);
console.log(`busy ${ms(busy)} ms of ${ms(at)} ms profiled\n\nby script:`);
for (const [s, t] of sorted(byScript).slice(0, top)) console.log(`${ms(t)}  ${s}`);
console.log('\nby function (self):');
for (const [f, t] of sorted(byFn).slice(0, top)) console.log(`${ms(t)}  ${f}`);
console.log('\ntimeline (100 ms slices: busy, then the three largest scripts):');
for (const [slice, inSlice] of [...slices].sort((a, b) => a[0] - b[0])) {
  const total = [...inSlice.values()].reduce((a, b) => a + b, 0);
  const parts = sorted(inSlice)
    .slice(0, 3)
    .map(([s, t]) => `${s} ${(t / 1000).toFixed(0)}`)
    .join(', ');
  console.log(`${String(slice * 100).padStart(5)} ms ${ms(total)}  ${parts}`);
}
