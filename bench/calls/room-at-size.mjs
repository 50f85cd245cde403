// A video room of 8 through Janus (issue 43, item 7; docs/calls.md, "Salles à plusieurs"):
// eight Chromium contexts with fake camera and microphone in one room. Measured:
//   - join → every page sees 7 remote tiles with frames;
//   - on every page, frames flowing on each of the 7 remote videos (framesDecoded grows over
//     5 s), and the width each one is received at: the stage's full, the thumbnails' lowest
//     simulcast layer — and the bytes each page receives a second;
//   - the active speaker: everyone but one mutes; within how long every other page has that
//     one on its stage;
//   - the server's and Janus's CPU over 20 s with eight in the room;
//   - a screen share by the speaker: every other page receives it on its stage, frames flowing.
// Run as root inside the loopback namespace, after `npm run build`:
//   node scripts/netns.mjs node bench/calls/room-at-size.mjs [people=8]
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startJanus } from '../../scripts/janus.mjs';
import { cpuSecondsOf, freePort } from '../lib/servers.mjs';
import { startCallServer } from './room-stack.mjs';

const PEOPLE = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 8);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** CPU seconds of the whole machine (all cores, busy time), from /proc/stat. */
const machineBusy = () => {
  const [, ...f] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/);
  const n = f.map(Number);
  return (n[0] + n[1] + n[2] + n[5] + n[6] + n[7]) / 100;
};
// A small window each: eight pages composite their videos on the same two cores.
const VIEWPORT = { width: 960, height: 540 };
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-bench-room8-'));
const janus = await startJanus(path.join(dataDir, 'janus'), {
  wsPort: await freePort(),
  rtpRange: '42000-42999',
  loopbackOnly: true,
  log: 'ignore',
});
const { url, server } = await startCallServer(dataDir, { JANUS_URL: janus.url });

// Everyone's microphone says the same voice-like sound (a 16-bit mono WAV, looped by
// Chromium): the fake device's own sound is a short beep a second, which never holds the stage.
const tone = path.join(dataDir, 'voice.wav');
{
  const rate = 48_000;
  const samples = rate * 2;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  // Syllables: 180 ms voiced bursts every 250 ms, each at its own pitch with harmonics — a
  // steady tone would be taken away by the microphone's noise suppression.
  let phase = 0;
  for (let i = 0; i < samples; i++) {
    const syllable = Math.floor(i / (rate / 4));
    const at = (i % (rate / 4)) / rate;
    const pitch = 140 + ((syllable * 67) % 180);
    phase += (2 * Math.PI * pitch) / rate;
    const envelope = at < 0.18 ? Math.sin((Math.PI * at) / 0.18) : 0;
    const voice = Math.sin(phase) + 0.5 * Math.sin(2 * phase) + 0.25 * Math.sin(3 * phase);
    wav.writeInt16LE(Math.round(7000 * envelope * voice), 44 + i * 2);
  }
  writeFileSync(tone, wav);
}

const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--use-fake-ui-for-media-stream',
    // Eight cameras on the machine's cores, each encoding three sizes: at 10 frames a second
    // (the fake camera's own option) they leave room for the decoding.
    `--use-fake-device-for-media-stream=fps=${process.env.FAKE_FPS ?? 10}`,
    `--use-file-for-fake-audio-capture=${tone}`,
    '--allow-loopback-in-peer-connection',
    // getDisplayMedia picks the screen without a picker (the screen share below).
    '--auto-select-desktop-capture-source=Entire screen',
  ],
});

/**
 * In the page: every RTCPeerConnection, for getStats; and, with CAMERA=WxH, the camera asked
 * at that size instead of the app's 1280×720 (eight encoders on the machine's cores).
 */
function keepPeerConnections(camera) {
  if (camera) {
    const [width, height] = camera.split('x').map(Number);
    const ask = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) =>
      ask(constraints?.video ? { ...constraints, video: { width, height } } : constraints);
  }
  const Native = window.RTCPeerConnection;
  window.__pcs = [];
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.__pcs.push(this);
    }
  };
}

/**
 * In the page: each remote video tile's name and what its inbound video reports (frames
 * decoded, width, bytes), matched by track id to the <video> showing it.
 */
async function inboundByTile() {
  const out = {};
  // By the track object itself: Janus names every subscription's tracks alike.
  const tracks = new Map();
  for (const video of document.querySelectorAll('figure video')) {
    const figure = video.closest('figure');
    const track = video.srcObject?.getVideoTracks?.()[0];
    if (figure && track && !video.muted) tracks.set(track, figure.getAttribute('aria-label'));
  }
  for (const pc of window.__pcs) {
    if (pc.connectionState === 'closed') continue;
    const receivers = pc.getReceivers().filter((r) => r.track?.kind === 'video');
    for (const receiver of receivers) {
      const name = tracks.get(receiver.track);
      if (!name) continue;
      const stats = await receiver.getStats();
      for (const s of stats.values()) {
        if (s.type !== 'inbound-rtp') continue;
        out[name] = {
          frames: s.framesDecoded ?? 0,
          width: s.frameWidth ?? 0,
          bytes: s.bytesReceived ?? 0,
        };
      }
    }
  }
  return out;
}

/** In the page: what its publisher sends, one entry per simulcast layer (rid → width, kbit). */
async function outboundLayers() {
  const out = [];
  for (const pc of window.__pcs) {
    if (pc.connectionState === 'closed') continue;
    for (const s of (await pc.getStats()).values()) {
      if (s.type === 'outbound-rtp' && s.kind === 'video') {
        out.push({ rid: s.rid ?? '-', width: s.frameWidth ?? 0, bytes: s.bytesSent ?? 0 });
      }
    }
  }
  return out;
}

// Who is on the stage; null when the room is a grid (up to four people) or between two
// renders (a locator with nothing to find would otherwise wait for ever).
const stageName = (page) =>
  page
    .locator('[data-layout="stage"] > :first-child figure')
    .first()
    .getAttribute('aria-label', { timeout: 500 })
    .catch(() => null);

const remoteTiles = (page, count) =>
  page.waitForFunction(
    (n) =>
      [...document.querySelectorAll('figure video')].filter((v) => !v.muted && v.videoWidth > 0)
        .length >= n,
    count,
    { timeout: Number(process.env.TILES_TIMEOUT ?? 180_000), polling: 100 },
  );

const pages = [];
try {
  const hostContext = await browser.newContext({
    baseURL: url,
    locale: 'fr-FR',
    viewport: VIEWPORT,
  });
  hostContext.setDefaultTimeout(180_000);
  const host = await hostContext.newPage();
  await host.addInitScript(keepPeerConnections, process.env.CAMERA ?? '');
  const email = `hote.${Math.random().toString(36).slice(2, 8)}@ruche.test`;
  await host.request.post('/api/auth/register', {
    data: { email, password: 'ruche-bench-motdepasse', firstName: 'P1' },
  });
  await host.request.patch('/api/auth/user', { data: { displayName: 'P1' } });
  const room = await (
    await host.request.post('/api/video-rooms', { data: { name: 'Banc 8', maxParticipants: 10 } })
  ).json();
  if (!room.roomCode) throw new Error(`room: ${JSON.stringify(room)}`);
  const link = `${url}/join/${room.roomCode}`;
  pages.push({ name: 'P1', page: host, context: hostContext });
  await host.goto(link);
  for (let i = 2; i <= PEOPLE; i++) {
    const context = await browser.newContext({ baseURL: url, locale: 'fr-FR', viewport: VIEWPORT });
    context.setDefaultTimeout(180_000);
    const page = await context.newPage();
    await page.addInitScript(keepPeerConnections, process.env.CAMERA ?? '');
    await page.goto(link);
    await page.getByLabel('Votre nom').fill(`P${i}`);
    pages.push({ name: `P${i}`, page, context });
  }

  // One after the other, as people arrive: each one in when it sees everyone before it.
  const started = performance.now();
  for (const [i, { page }] of pages.entries()) {
    const clicked = performance.now();
    await page.getByRole('button', { name: 'Rejoindre la salle' }).click();
    await remoteTiles(page, i);
    console.log(`  P${i + 1} in, sees ${i}: ${(performance.now() - clicked).toFixed(0)} ms`);
  }
  try {
    await Promise.all(pages.map(({ page }) => remoteTiles(page, PEOPLE - 1)));
  } catch (error) {
    for (const { name, page } of pages) {
      const state = await page.evaluate(() => ({
        videos: [...document.querySelectorAll('figure video')].map((v) => {
          const track = v.srcObject?.getVideoTracks?.()[0];
          return `${v.closest('figure').getAttribute('aria-label')}:${v.videoWidth}${v.videoWidth ? '' : ` paused=${v.paused} rs=${v.readyState} track=${track?.readyState}/${track?.muted} vis=${v.checkVisibility()}`}`;
        }),
        pcs: window.__pcs.map((pc) => pc.connectionState),
      }));
      console.log(name, JSON.stringify(state), JSON.stringify(await page.evaluate(inboundByTile)));
    }
    throw error;
  }
  console.log(
    `${PEOPLE} joined → every page shows ${PEOPLE - 1} remote tiles with frames: ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  console.log(
    `P1 sends: ${(await host.evaluate(outboundLayers)).map((l) => `${l.rid} ${l.width} px`).join(', ')}`,
  );
  // Frames flowing on every remote tile of every page, and at which width.
  await sleep(5000);
  const first = await Promise.all(pages.map(({ page }) => page.evaluate(inboundByTile)));
  await sleep(5000);
  const second = await Promise.all(pages.map(({ page }) => page.evaluate(inboundByTile)));
  let flowing = 0;
  let tilesSeen = 0;
  const stageWidths = [];
  const thumbWidths = [];
  const receiveKbps = [];
  for (let i = 0; i < pages.length; i++) {
    const stage = await stageName(pages[i].page);
    if (Object.keys(second[i]).length !== PEOPLE - 1) {
      console.log(`  ${pages[i].name}: ${Object.keys(second[i]).length} remote videos matched`);
    }
    let bytes = 0;
    for (const [name, now] of Object.entries(second[i])) {
      tilesSeen++;
      const before = first[i][name];
      if (before && now.frames > before.frames) flowing++;
      bytes += now.bytes - (before?.bytes ?? 0);
      (name === stage ? stageWidths : thumbWidths).push(now.width);
    }
    receiveKbps.push((bytes * 8) / 5 / 1000);
  }
  console.log(
    `frames flowing: ${flowing} of ${tilesSeen} remote videos (${PEOPLE} pages × ${PEOPLE - 1})`,
  );
  console.log(
    `received widths: stage ${[...new Set(stageWidths)].join('/')} px (${stageWidths.length}), thumbnails ${[...new Set(thumbWidths)].join('/')} px (${thumbWidths.length})`,
  );
  console.log(
    `video received per page: median ${median(receiveKbps).toFixed(0)} kbit/s (min ${Math.min(...receiveKbps).toFixed(0)}, max ${Math.max(...receiveKbps).toFixed(0)})`,
  );

  // CPU over 20 s, eight in the room.
  const before = [cpuSecondsOf(server.pid), cpuSecondsOf(janus.child.pid), machineBusy()];
  await sleep(20_000);
  const after = [cpuSecondsOf(server.pid), cpuSecondsOf(janus.child.pid), machineBusy()];
  const pct = (i) => ((after[i] - before[i]) / 20) * 100;
  console.log(
    `CPU with ${PEOPLE} in the room, of one core: server ${pct(0).toFixed(1)} %, Janus ${pct(1).toFixed(1)} % (${(pct(1) / PEOPLE).toFixed(1)} % a participant); the whole machine (browsers included) ${pct(2).toFixed(0)} %`,
  );

  // The active speaker: everyone but P3 mutes. A room of up to four is a grid, with no stage.
  const speaker = pages[2];
  for (const p of pages) {
    if (p === speaker) continue;
    await p.page.getByRole('button', { name: 'Couper le micro' }).click();
  }
  const muted = performance.now();
  const grid = (await pages[0].page.locator('[data-layout="grid"]').count()) > 0;
  if (grid) console.log(`a room of ${PEOPLE} is a grid: no stage, the active speaker not measured`);
  const onStage = await Promise.all(
    pages
      .filter((p) => p !== speaker && !grid)
      .map(async ({ page }) => {
        for (;;) {
          if ((await stageName(page)) === `Vidéo de ${speaker.name}`) {
            return performance.now() - muted;
          }
          if (performance.now() - muted > 30_000) return Number.POSITIVE_INFINITY;
          await sleep(100);
        }
      }),
  );
  const reached = onStage.filter(Number.isFinite);
  if (!grid)
    console.log(
      `${speaker.name} alone speaking: on the stage of ${reached.length} of ${onStage.length} other pages, median ${median(reached)?.toFixed(0)} ms after the others muted`,
    );
  await sleep(3000);
  const speakerWidths = (
    await Promise.all(
      pages.filter((p) => p !== speaker).map(({ page }) => page.evaluate(inboundByTile)),
    )
  ).map((tiles) => tiles[`Vidéo de ${speaker.name}`]?.width ?? 0);
  console.log(`${speaker.name}'s video received at: ${[...new Set(speakerWidths)].join('/')} px`);

  // A screen share at that size: the speaker shares; every other page receives it.
  const shareButton = speaker.page.getByRole('button', { name: 'Partager l’écran' });
  await shareButton.click();
  await speaker.page
    .getByRole('button', { name: 'Arrêter le partage' })
    .waitFor({ timeout: 10_000 });
  await sleep(4000);
  const shareA = await Promise.all(
    pages.filter((p) => p !== speaker).map(({ page }) => page.evaluate(inboundByTile)),
  );
  await sleep(4000);
  const shareB = await Promise.all(
    pages.filter((p) => p !== speaker).map(({ page }) => page.evaluate(inboundByTile)),
  );
  const tile = `Vidéo de ${speaker.name}`;
  const sharing = shareB.filter(
    (t, i) => t[tile] && t[tile].frames > (shareA[i][tile]?.frames ?? 0),
  );
  console.log(
    `screen share by ${speaker.name}: frames flowing on ${sharing.length} of ${shareB.length} other pages, received at ${[...new Set(shareB.map((t) => t[tile]?.width ?? 0))].join('/')} px wide`,
  );
} finally {
  await browser.close();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  janus.child.kill('SIGTERM');
  await rm(dataDir, { recursive: true, force: true });
}
