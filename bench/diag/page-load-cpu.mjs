// Diagnostic: the CPU a signed-in page load costs the browser, as the e2e specs load pages
// (a new context, a new account's home, until its welcome heading shows), for several sets of
// Chromium flags side by side, alternating. The browser's CPU is the machine's busy time
// (/proc/stat) less the server's (with its embedded store's worker) and this process's
// (Playwright): run it on an otherwise quiet machine. Two variants load something else for
// comparison: `blank=` opens /healthz, `landing=` the signed-out landing page.
//   npm run build && node --import tsx bench/diag/page-load-cpu.mjs [--loads 12] [--rounds 3] \
//     [--variant 'name=--flag --flag'...] [--variant blank=] [--variant landing=]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { startE2eServer } from '../../e2e/server-process.ts';
import { childrenOf, cpuSecondsOf } from '../lib/servers.mjs';

const { values } = parseArgs({
  options: {
    loads: { type: 'string', default: '12' },
    rounds: { type: 'string', default: '3' },
    variant: { type: 'string', multiple: true, default: [] },
  },
});
const loads = Number(values.loads);
const rounds = Number(values.rounds);
const BASE = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const variants = [
  { name: 'e2e flags', args: [] },
  ...values.variant.map((text) => {
    const [name = text, flags = text] = text.includes('=') ? text.split(/=(.*)/s) : [];
    return { name, args: flags.split(' ').filter(Boolean) };
  }),
];
const executablePath =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

/** CPU seconds the whole machine has been busy (every process: browser, server, this one). */
function machineBusy() {
  const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const [user, nice, system, , , irq, softirq, steal] = ticks.map(Number);
  return (user + nice + system + irq + softirq + steal) / 100;
}

const server = await startE2eServer();
// The server is this process's child running the built server; its embedded store's PGlite
// worker is the server's child: both count as the server's.
const serverPid = childrenOf(process.pid).find((pid) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('dist/server/main.js');
  } catch {
    return false;
  }
});
if (!serverPid) throw new Error('the server process was not found');
const serverCpu = () =>
  [serverPid, ...childrenOf(serverPid)].reduce((sum, pid) => sum + cpuSecondsOf(pid), 0);
const selfCpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};
const email = `bench.${Date.now()}@ruche.test`;
const password = 'motdepasse-du-banc';
const registered = await fetch(`${server.url}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ email, password, firstName: 'Banc' }),
});
if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
const cookie = registered.headers.getSetCookie().map((c) => c.split(';')[0]);
// Named, as the specs' actors are: the home then shows its welcome, not the naming dialog.
const named = await fetch(`${server.url}/api/auth/user`, {
  method: 'PATCH',
  headers: { 'content-type': 'application/json', cookie: cookie.join('; ') },
  body: JSON.stringify({ displayName: 'Banc' }),
});
if (!named.ok) throw new Error(`name: ${named.status}`);
const cookies = cookie.map((pair) => {
  const [name, ...rest] = pair.split('=');
  return { name, value: rest.join('='), url: server.url };
});

async function once(variant) {
  const busyBefore = machineBusy();
  const serverBefore = serverCpu();
  const selfBefore = selfCpu();
  const started = performance.now();
  const browser = await chromium.launch({ executablePath, args: [...BASE, ...variant.args] });
  for (let i = 0; i < loads; i++) {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'fr-FR',
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    await context.addCookies(cookies);
    const page = await context.newPage();
    if (variant.name === 'blank') {
      await page.goto('/healthz');
    } else if (variant.name === 'landing') {
      await context.clearCookies();
      await page.goto('/');
      await page.getByRole('button').first().waitFor();
    } else {
      await page.goto('/');
      // A new account's home, as the specs' actors arrive (e2e/fixtures.ts).
      await page.getByRole('heading', { name: 'Bienvenue dans Ruche' }).waitFor();
    }
    await context.close();
  }
  await browser.close();
  const busy = (machineBusy() - busyBefore) / loads;
  const served = (serverCpu() - serverBefore) / loads;
  const self = (selfCpu() - selfBefore) / loads;
  return {
    // The machine is otherwise quiet: what neither the server nor Playwright spent is the
    // browser's (its renderers are not this process's children: /proc/self cannot count them).
    browser: busy - served - self,
    busy,
    server: served,
    self,
    wall: (performance.now() - started) / 1000 / loads,
  };
}

const results = new Map(variants.map((v) => [v.name, []]));
try {
  for (let round = 0; round < rounds; round++) {
    for (const variant of variants) {
      const r = await once(variant);
      results.get(variant.name).push(r);
      console.log(
        `round ${round + 1} ${variant.name}: machine ${r.busy.toFixed(3)} s (server ${r.server.toFixed(3)}, Playwright ${r.self.toFixed(3)}, browser ${r.browser.toFixed(3)}), ${r.wall.toFixed(3)} s wall a load`,
      );
    }
  }
} finally {
  await server.stop();
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const reference = median(results.get('e2e flags').map((r) => r.browser));
for (const [name, rs] of results) {
  const cpu = median(rs.map((r) => r.browser));
  console.log(
    `${name}: median ${cpu.toFixed(3)} s browser CPU a load (${(cpu / reference).toFixed(2)} ×), machine ${median(rs.map((r) => r.busy)).toFixed(3)} s, ${median(rs.map((r) => r.wall)).toFixed(3)} s wall`,
  );
}
process.exit(0);
