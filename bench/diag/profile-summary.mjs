// Summarize a V8 .cpuprofile (from `npm run bench -- --cpu-prof`): self time by package,
// and inclusive time of the functions that matter on Ruche's hot paths.
//   node bench/diag/profile-summary.mjs bench/results/prof-*/CPU.*.cpuprofile [fn ...]
import { readFileSync } from 'node:fs';

const [file, ...extra] = process.argv.slice(2);
const prof = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of prof.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const selfTime = new Map();
let total = 0;
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  selfTime.set(id, (selfTime.get(id) ?? 0) + dt);
  total += dt;
});
const label = (n) =>
  n.callFrame.url
    .replace(/^.*node_modules\//, '')
    .replace(/^file:\/\/.*?\/(bench|server)\//, '$1/');
const pkgOf = (n) => {
  const u = label(n);
  if (!u) return n.callFrame.functionName;
  if (u.startsWith('node:')) return 'node internals';
  if (u.startsWith('bench/.build')) return 'ruche (bundle)';
  return u
    .split('/')
    .slice(0, u.startsWith('@') ? 2 : 1)
    .join('/');
};
const byPkg = new Map();
for (const [id, t] of selfTime) {
  const k = pkgOf(nodes.get(id));
  byPkg.set(k, (byPkg.get(k) ?? 0) + t);
}
const idle = byPkg.get('(idle)') ?? 0;
const busy = total - idle;
const pct = (t) => `${((100 * t) / busy).toFixed(1).padStart(5)} %`;
console.log(
  `${(total / 1e6).toFixed(1)} s sampled, ${((100 * idle) / total).toFixed(0)} % idle; shares below are of the busy time`,
);
for (const [k, t] of [...byPkg]
  .filter(([k]) => k !== '(idle)')
  .sort((a, b) => b[1] - a[1])
  .slice(0, 16)) {
  console.log(`${pct(t)}  ${k}`);
}
// Inclusive time: a sample counts once for each named function on its stack.
const wanted = [
  'resolveSession',
  'sendMessage',
  'insertMessage',
  'presentMessage',
  'toTopic',
  'publish',
  'deliver',
  'flush',
  'write',
  'handleFrame',
  'open',
  'load',
  'publishPresence',
  'parse',
  'hookIterator',
  'onSendEnd',
  'writeBuffer',
  'writev',
  'buildQueryFromSourceParams',
  'mapResultRow',
  'serialize',
  ...extra,
];
const incl = new Map(wanted.map((w) => [w, 0]));
prof.samples.forEach((id, i) => {
  const dt = prof.timeDeltas[i] ?? 0;
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const name = nodes.get(cur).callFrame.functionName;
    if (incl.has(name) && !seen.has(name)) {
      seen.add(name);
      incl.set(name, incl.get(name) + dt);
    }
  }
});
console.log('--- inclusive');
for (const [k, t] of [...incl].filter(([, t]) => t > 0).sort((a, b) => b[1] - a[1])) {
  console.log(`${pct(t)}  ${k}`);
}
