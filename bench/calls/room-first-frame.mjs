// Join-to-first-remote-frame in a 4-person video room through Janus, and server + Janus CPU
// per participant (docs/calls.md). The built server on loopback (embedded store) driving a
// Janus of its own (scripts/janus.mjs), four Chromium contexts with fake camera and
// microphone. Three people sit in the room; each run, a fourth opens the link, and the time
// from its click on "Rejoindre la salle" to the first remote <video> with frames is taken.
// Then, with four in the room, CPU time of the server and of Janus over 10 s.
// Run as root inside the loopback namespace, after `npm run build`:
//   node scripts/netns.mjs node bench/calls/room-first-frame.mjs [runs=5] [--timeline]
//     [--relay=udp|tcp]
// --timeline prints, for each run, when the joining page's socket frames and connection
// states happened, in ms after the click. --relay: every page reaches Janus through a real
// coturn on loopback (scripts/coturn.mjs) with ICE_TRANSPORT_POLICY=relay, over UDP or TCP,
// and the joining page's selected pairs are printed (issue 43, item 6: a join through a relay).
import { startCoturn } from '../../scripts/coturn.mjs';
import { cpuSecondsOf } from '../lib/servers.mjs';
import { launchWithFakeMedia, startRoomStack } from './room-stack.mjs';

const RUNS = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 5);
const TIMELINE = process.argv.includes('--timeline');
const RELAY = process.argv.find((a) => a.startsWith('--relay='))?.slice('--relay='.length);
if (RELAY && RELAY !== 'udp' && RELAY !== 'tcp') throw new Error('--relay=udp or --relay=tcp');

const secret = `ruche-bench-turn-${Math.random().toString(36).slice(2)}`;
const coturn = RELAY ? await startCoturn({ secret }) : undefined;
const stack = await startRoomStack(
  '41000-41999',
  coturn
    ? { TURN_SECRET: secret, TURN_URLS: coturn.urls[RELAY], ICE_TRANSPORT_POLICY: 'relay' }
    : {},
);
const { url, server, janus } = stack;
const browser = await launchWithFakeMedia();

/** In the page: each peer connection's state changes and tracks, with their epoch time. */
function recordPeerConnections() {
  const Native = window.RTCPeerConnection;
  window.__timeline = [];
  let n = 0;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      const id = ++n;
      const note = (what) => window.__timeline.push({ at: Date.now(), what: `pc${id} ${what}` });
      note('created');
      this.addEventListener('iceconnectionstatechange', () =>
        note(`ice ${this.iceConnectionState}`),
      );
      this.addEventListener('connectionstatechange', () => note(`state ${this.connectionState}`));
      this.addEventListener('track', (e) => note(`track ${e.track.kind}`));
    }
  };
}

/** In the page: every peer connection, for the selected pairs (--relay). */
function keepPeerConnections() {
  const Native = window.RTCPeerConnection;
  window.__benchPeers = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__benchPeers.push(this);
    }
  };
}

async function guest(link, name) {
  const context = await browser.newContext({ baseURL: url, locale: 'fr-FR' });
  context.setDefaultTimeout(120_000);
  const page = await context.newPage();
  if (RELAY) await page.addInitScript(keepPeerConnections);
  if (TIMELINE) {
    await page.addInitScript(recordPeerConnections);
    page.timeline = [];
    page.on('websocket', (ws) => {
      page.timeline.push({ at: Date.now(), what: 'ws open' });
      const frame =
        (dir) =>
        ({ payload }) => {
          const type = String(payload).match(/"type":"([a-z_]+)"/)?.[1] ?? '?';
          page.timeline.push({ at: Date.now(), what: `${dir} ${type}` });
        };
      ws.on('framesent', frame('→'));
      ws.on('framereceived', frame('←'));
    });
    page.on('request', (r) => {
      if (r.url().includes('/api/'))
        page.timeline.push({ at: Date.now(), what: `${r.method()} ${new URL(r.url()).pathname}` });
    });
  }
  await page.goto(link);
  await page.getByLabel('Votre nom').fill(name);
  return { context, page };
}

const firstRemoteFrame = (page) =>
  page.waitForFunction(
    () => [...document.querySelectorAll('video')].some((v) => !v.muted && v.videoWidth > 0),
    undefined,
    { timeout: 60_000, polling: 20 },
  );

try {
  // The host: an account that makes the room (guests allowed by default).
  const hostContext = await browser.newContext({ baseURL: url, locale: 'fr-FR' });
  hostContext.setDefaultTimeout(120_000);
  const host = await hostContext.newPage();
  const email = `hote.${Math.random().toString(36).slice(2, 8)}@ruche.test`;
  await host.request.post('/api/auth/register', {
    data: { email, password: 'ruche-bench-motdepasse', firstName: 'Hôte' },
  });
  // A display name: no welcome dialog over the room.
  await host.request.patch('/api/auth/user', { data: { displayName: 'Hôte' } });
  const room = await (
    await host.request.post('/api/video-rooms', { data: { name: 'Banc', maxParticipants: 10 } })
  ).json();
  if (!room.roomCode) throw new Error(`room: ${JSON.stringify(room)}`);
  const link = `${url}/join/${room.roomCode}`;
  await host.goto(link);
  await host.getByRole('button', { name: 'Rejoindre la salle' }).click();
  const seated = [];
  for (const name of ['Bea', 'Chloe']) {
    const p = await guest(link, name);
    await p.page.getByRole('button', { name: 'Rejoindre la salle' }).click();
    seated.push(p);
  }
  await firstRemoteFrame(host);

  const times = [];
  let last;
  for (let run = 1; run <= RUNS; run++) {
    const p = await guest(link, `Dora${run}`);
    const started = performance.now();
    const clickedAt = Date.now();
    await p.page.getByRole('button', { name: 'Rejoindre la salle' }).click();
    await firstRemoteFrame(p.page);
    const ms = performance.now() - started;
    if (TIMELINE) {
      const events = [...p.page.timeline, ...(await p.page.evaluate(() => window.__timeline))]
        .filter((e) => e.at >= clickedAt - 50 && !e.what.endsWith(' ?'))
        .sort((a, b) => a.at - b.at);
      for (const e of events)
        console.log(`  ${String(e.at - clickedAt).padStart(6)} ms  ${e.what}`);
    }
    times.push(ms);
    console.log(`run ${run}: ${ms.toFixed(0)} ms`);
    if (run < RUNS) await p.context.close();
    else last = p;
  }
  const sorted = [...times].sort((x, y) => x - y);
  if (coturn && last) {
    // The last joiner's connections: through coturn, over the transport asked for.
    const pairs = await last.page.evaluate(async () => {
      const found = [];
      for (const pc of window.__benchPeers ?? []) {
        const stats = [...(await pc.getStats()).values()];
        const transport = stats.find((s) => s.type === 'transport');
        const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
        const local = stats.find((s) => s.id === pair?.localCandidateId);
        if (local) found.push(`${local.candidateType}/${local.relayProtocol ?? '-'}`);
      }
      return found;
    });
    console.log(`relay over ${RELAY}: the last joiner's pairs ${pairs.join(', ')}`);
  }
  console.log(
    `join → first remote frame (4 in the room, Janus${RELAY ? `, relay ${RELAY}` : ''}), median of ${RUNS}: ${sorted[Math.floor(RUNS / 2)].toFixed(0)} ms`,
  );

  // Four in the room, media flowing: CPU over 10 s.
  await new Promise((r) => setTimeout(r, 3000));
  const before = [cpuSecondsOf(server.pid), cpuSecondsOf(janus.child.pid)];
  await new Promise((r) => setTimeout(r, 10_000));
  const after = [cpuSecondsOf(server.pid), cpuSecondsOf(janus.child.pid)];
  const pct = (i) => ((after[i] - before[i]) / 10) * 100;
  console.log(
    `CPU with 4 participants: server ${pct(0).toFixed(1)} % (${(pct(0) / 4).toFixed(1)} %/participant), Janus ${pct(1).toFixed(1)} % (${(pct(1) / 4).toFixed(1)} %/participant) of one core`,
  );
  await last?.context.close();
} finally {
  await browser.close();
  await stack.stop();
  await coturn?.stop();
}
