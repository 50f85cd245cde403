// The relay's own cost, apart from the app (docs/calls.md, "Tests, and what was measured"):
// a real coturn on loopback (scripts/coturn.mjs) and, in one Chromium page, two
// RTCPeerConnections with iceTransportPolicy 'relay' and coturn's REST credentials; the time
// from the offer to "connected", over UDP and over TCP to coturn, ROUNDS times each. The
// app's call adds getUserMedia, signalling over /ws and the dialog (accept-to-connected.mjs
// --relay=udp|tcp). Not a test: node bench/calls/relay-ice.mjs [rounds=5]
import { createHmac } from 'node:crypto';
import { chromium } from 'playwright-core';
import { startCoturn } from '../../scripts/coturn.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const secret = `ruche-bench-${Math.random().toString(36).slice(2)}`;
const coturn = await startCoturn({ secret });
const username = `${Math.floor(Date.now() / 1000) + 3600}:bench`;
const credential = createHmac('sha1', secret).update(username).digest('base64');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--allow-loopback-in-peer-connection'],
});
try {
  const page = await browser.newPage();
  for (const transport of ['udp', 'tcp']) {
    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const ms = await page.evaluate(
        async ({ url, username, credential }) => {
          const config = {
            iceServers: [{ urls: url, username, credential }],
            iceTransportPolicy: 'relay',
          };
          const a = new RTCPeerConnection(config);
          const b = new RTCPeerConnection(config);
          a.onicecandidate = (e) => e.candidate && b.addIceCandidate(e.candidate);
          b.onicecandidate = (e) => e.candidate && a.addIceCandidate(e.candidate);
          a.createDataChannel('bench');
          const started = performance.now();
          await a.setLocalDescription(await a.createOffer());
          await b.setRemoteDescription(a.localDescription);
          await b.setLocalDescription(await b.createAnswer());
          await a.setRemoteDescription(b.localDescription);
          await new Promise((resolve) => {
            const check = () => a.connectionState === 'connected' && resolve();
            a.onconnectionstatechange = check;
            check();
          });
          const elapsed = performance.now() - started;
          a.close();
          b.close();
          return elapsed;
        },
        { url: coturn.urls[transport], username, credential },
      );
      times.push(ms);
    }
    const sorted = [...times].sort((x, y) => x - y);
    console.log(
      `relay over ${transport}: ${times.map((t) => t.toFixed(0)).join(', ')} ms — median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms`,
    );
  }
} finally {
  await browser.close();
  await coturn.stop();
}
