// Accept-to-connected time of a 1:1 video call (docs/calls.md): the built server on loopback
// (embedded store, ICE_SERVERS=[]), two Chromium contexts with fake camera and microphone;
// alice calls bob RUNS times, and each run times bob's click on "Accepter" until both call
// dialogs show the call active (the peer connection's state "connected"). Prints each run and
// the median. Not a test: run by hand after `npm run build`:
//   node bench/calls/accept-to-connected.mjs [runs=5] [--relay=udp|tcp]
// --relay: through a real coturn on loopback (scripts/coturn.mjs) with
// ICE_TRANSPORT_POLICY=relay, the pages reaching it over UDP or over TCP only: the call of
// a person behind a strict NAT. RUCHE_BENCH_SERVER names another build's main.js.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startCoturn } from '../../scripts/coturn.mjs';
import { startCallServer } from './room-stack.mjs';

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const RELAY = process.argv.find((a) => a.startsWith('--relay='))?.slice('--relay='.length);
if (RELAY && RELAY !== 'udp' && RELAY !== 'tcp') throw new Error('--relay=udp or --relay=tcp');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

async function startServer(extraEnv) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-bench-calls-'));
  const { url, server } = await startCallServer(dataDir, extraEnv);
  return {
    url,
    async stop() {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

async function person(browser, url, name) {
  const context = await browser.newContext({ baseURL: url, locale: 'fr-FR' });
  const page = await context.newPage();
  // Keep the page's peer connections, to read the selected pair.
  await page.addInitScript(() => {
    const Original = window.RTCPeerConnection;
    window.__benchPeers = [];
    window.RTCPeerConnection = class extends Original {
      constructor(config) {
        super(config);
        window.__benchPeers.push(this);
      }
    };
  });
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@ruche.test`;
  for (;;) {
    const res = await page.request.post('/api/auth/register', {
      data: { email, password: 'ruche-bench-motdepasse', firstName: name },
    });
    if (res.status() === 201) break;
    if (res.status() !== 503) throw new Error(`sign-up: ${res.status()}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  await page.request.patch('/api/auth/user', { data: { displayName: name } });
  const me = await (await page.request.get('/api/auth/user')).json();
  return { context, page, id: me.id };
}

let lastPair = null;
/** The selected candidate pair's local end, of the page's connected peer connection. */
const selectedPair = (page) =>
  page.evaluate(async () => {
    for (const pc of window.__benchPeers ?? []) {
      if (pc.connectionState !== 'connected') continue;
      const stats = [...(await pc.getStats()).values()];
      const transport = stats.find((s) => s.type === 'transport');
      const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
      const local = stats.find((s) => s.id === pair?.localCandidateId);
      const remote = stats.find((s) => s.id === pair?.remoteCandidateId);
      return {
        local: local?.candidateType,
        relayProtocol: local?.relayProtocol,
        remote: remote?.candidateType,
      };
    }
    return null;
  });

const phase = (page, value) =>
  page.waitForSelector(`[data-testid="call-dialog"][data-call-phase="${value}"]`, {
    timeout: 60_000,
  });

const secret = `ruche-bench-turn-${Math.random().toString(36).slice(2)}`;
const coturn = RELAY ? await startCoturn({ secret }) : undefined;
const server = await startServer(
  coturn
    ? { TURN_SECRET: secret, TURN_URLS: coturn.urls[RELAY], ICE_TRANSPORT_POLICY: 'relay' }
    : {},
);
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    '--allow-loopback-in-peer-connection',
    '--disable-features=WebRtcHideLocalIpsWithMdns',
  ],
});
try {
  const alice = await person(browser, server.url, 'Alice');
  const bob = await person(browser, server.url, 'Bob');
  const dm = await (
    await alice.page.request.post('/api/channels/direct', { data: { recipientId: bob.id } })
  ).json();
  await alice.page.goto(`/channel/${dm.id}`);
  await bob.page.goto(`/channel/${dm.id}`);
  await alice.page.getByRole('heading', { level: 1, name: 'Bob' }).waitFor();
  await bob.page.getByRole('heading', { level: 1, name: 'Alice' }).waitFor();
  const times = [];
  for (let run = 1; run <= RUNS; run++) {
    await alice.page.getByRole('button', { name: 'Appel vidéo', exact: true }).click();
    await phase(alice.page, 'calling');
    const accept = bob.page.getByRole('button', { name: 'Accepter' });
    await accept.waitFor();
    const started = performance.now();
    await accept.click();
    await Promise.all([phase(alice.page, 'active'), phase(bob.page, 'active')]);
    const ms = performance.now() - started;
    times.push(ms);
    console.log(`run ${run}: ${ms.toFixed(0)} ms`);
    if (coturn) lastPair = await selectedPair(alice.page);
    await alice.page.getByRole('button', { name: 'Raccrocher' }).click();
    await bob.page.waitForSelector('[data-testid="call-dialog"]', { state: 'detached' });
    await alice.page.waitForSelector('[data-testid="call-dialog"]', { state: 'detached' });
  }
  const sorted = [...times].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)];
  if (coturn) {
    // The pair the last call selected: through coturn, over the transport asked for.
    console.log(`relay over ${RELAY}: ${JSON.stringify(lastPair)}`);
  }
  console.log(
    `accept → connected${RELAY ? ` (relay, ${RELAY})` : ''}, median of ${RUNS}: ${median.toFixed(0)} ms`,
  );
} finally {
  await browser.close();
  await server.stop();
  await coturn?.stop();
}
