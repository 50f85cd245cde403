import type { Browser, Page } from '@playwright/test';
import { coturnInstalled, startCoturn } from '../../scripts/coturn.mjs';
import { Actor, expect, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';
import { webrtcLaunch } from '../webrtc';

/**
 * A caller behind a strict NAT reaches no one directly: only a TURN relay gets its media
 * through. Here a real coturn runs on loopback with the REST secret the server issues
 * credentials for (TURN_SECRET), and the server tells every page ICE_TRANSPORT_POLICY=relay,
 * so the browsers gather no host candidate at all: a call connects through coturn or not at
 * all. Once over UDP to coturn, once over TCP (a network that lets no UDP out).
 * `npm test` installs coturn (scripts/test.mjs); scripts/e2e.mjs runs this in its
 * loopback-only network namespace.
 */

const SECRET = `ruche-e2e-turn-${Math.random().toString(36).slice(2)}`;

test.use({ launchOptions: webrtcLaunch('--autoplay-policy=no-user-gesture-required') });
// Two browsers with cameras through one relay on a two-core machine: one call at a time.
test.describe.configure({ mode: 'serial' });

let coturn: Awaited<ReturnType<typeof startCoturn>>;
let server: E2eServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  expect(coturnInstalled(), 'coturn (/usr/bin/turnserver): apt-get install coturn').toBe(true);
  coturn = await startCoturn({ secret: SECRET });
  server = await startE2eServer({
    // Rooms through the shared Janus (global-setup.ts) when it runs, else the mesh.
    JANUS_URL: process.env.RUCHE_E2E_JANUS,
    TURN_SECRET: SECRET,
    TURN_URLS: `${coturn.urls.udp},${coturn.urls.tcp}`,
    ICE_TRANSPORT_POLICY: 'relay',
  });
});
test.afterAll(async () => {
  await server?.stop();
  await coturn?.stop();
});

type Transport = 'udp' | 'tcp';

/**
 * Keep every RTCPeerConnection the page makes (window.__relayPeers), and keep only the TURN
 * address of one transport in its configuration: the server gives both, a network that
 * blocks UDP leaves only the TCP one working.
 */
async function recordThrough(page: Page, transport: Transport): Promise<void> {
  await page.addInitScript((only: string) => {
    const Original = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __relayPeers: RTCPeerConnection[] }).__relayPeers = made;
    window.RTCPeerConnection = class extends Original {
      constructor(config?: RTCConfiguration) {
        const iceServers = (config?.iceServers ?? []).map((server) => ({
          ...server,
          urls: [server.urls].flat().filter((url) => url.endsWith(`transport=${only}`)),
        }));
        super({ ...config, iceServers: iceServers.filter((s) => s.urls.length > 0) });
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  }, transport);
}

interface PairEnd {
  candidateType: string;
  relayProtocol: string;
  address: string;
}

/** The configuration and selected candidate pair of each connected peer connection. */
const relayPairs = (page: Page) =>
  page.evaluate(async () => {
    const peers = (window as unknown as { __relayPeers: RTCPeerConnection[] }).__relayPeers;
    const out: Array<{ policy: string; local: PairEnd; remote: PairEnd }> = [];
    for (const pc of peers.filter((p) => p.connectionState === 'connected')) {
      const stats = [...(await pc.getStats()).values()] as Array<Record<string, string>>;
      const transport = stats.find((s) => s.type === 'transport');
      const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
      const end = (id?: string) => {
        const c = stats.find((s) => s.id === id);
        return {
          candidateType: c?.candidateType ?? '?',
          relayProtocol: c?.relayProtocol ?? '',
          address: c?.address ?? '',
        };
      };
      out.push({
        policy: pc.getConfiguration().iceTransportPolicy ?? '?',
        local: end(pair?.localCandidateId),
        remote: end(pair?.remoteCandidateId),
      });
    }
    return out;
  });

async function person(browser: Browser, name: string, transport: Transport): Promise<Actor> {
  const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const page = await context.newPage();
  await recordThrough(page, transport);
  const actor = new Actor(name, context, page);
  for (let attempt = 0; ; attempt++) {
    const res = await page.request.post('/api/auth/register', {
      data: { email: actor.email, password: actor.password, firstName: name },
    });
    // A loaded machine sheds password hashing first (docs/scaling.md, "Overload").
    if (res.status() === 503 && attempt < 10) {
      await page.waitForTimeout(1000 + Math.random() * 2000);
      continue;
    }
    expect(res.status(), await res.text()).toBe(201);
    break;
  }
  await page.request.patch('/api/auth/user', { data: { displayName: name } });
  return actor;
}

for (const transport of ['udp', 'tcp'] as const) {
  test(`a 1:1 call connects through coturn only, over ${transport.toUpperCase()}`, async ({
    browser,
  }) => {
    // Two browsers encoding fake video through a relay, on two cores shared with other specs.
    test.setTimeout(300_000);
    const alice = await person(browser, 'Alice', transport);
    const bob = await person(browser, 'Bob', transport);
    try {
      const me = await bob.page.request.get('/api/auth/user');
      const bobId = ((await me.json()) as { id: string }).id;
      const res = await alice.page.request.post('/api/channels/direct', {
        data: { recipientId: bobId },
      });
      const dm = ((await res.json()) as { id: string }).id;
      await alice.page.goto(`/channel/${dm}`);
      await bob.page.goto(`/channel/${dm}`);
      await expect(alice.page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible({
        timeout: 30_000,
      });
      await expect(bob.page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible({
        timeout: 30_000,
      });

      await alice.calls.startButton.click();
      await alice.calls.expectPhase('calling');
      await bob.calls.accept.click();
      await alice.calls.expectPhase('active', 60_000);
      await bob.calls.expectPhase('active', 60_000);
      await alice.calls.expectRemoteVideoPlaying();
      await bob.calls.expectRemoteVideoPlaying();

      // Both ends of both selected pairs are coturn's relay addresses, reached over the
      // transport under test: no host candidate was even gathered.
      for (const page of [alice.page, bob.page]) {
        const pairs = await relayPairs(page);
        const detail = JSON.stringify(pairs);
        console.log(`selected pair over ${transport}:`, detail);
        expect(pairs, detail).toHaveLength(1);
        const [pair] = pairs;
        expect(pair?.policy, detail).toBe('relay');
        expect(pair?.local.candidateType, detail).toBe('relay');
        expect(pair?.local.relayProtocol, detail).toBe(transport);
        expect(pair?.remote.candidateType, detail).toBe('relay');
      }

      await alice.calls.hangUp.click();
      await expect(alice.calls.dialog).toBeHidden();
      await expect(bob.calls.dialog).toBeHidden();
    } finally {
      await alice.context.close();
      await bob.context.close();
    }
  });
}

test('a video room connects through coturn only (to Janus, or in the mesh)', async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const alice = await person(browser, 'Alice', 'udp');
  const guestContext = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
  const guest = new Actor('Zoé', guestContext, await guestContext.newPage());
  await recordThrough(guest.page, 'udp');
  try {
    const made = await alice.page.request.post('/api/video-rooms', { data: { name: 'Relais' } });
    expect(made.status(), await made.text()).toBe(201);
    const { roomCode } = (await made.json()) as { roomCode: string };
    await alice.page.goto(`/join/${roomCode}`);
    await alice.joinRoom.joinButton.click();
    await expect(alice.joinRoom.tileOf('Alice')).toBeVisible({ timeout: 30_000 });
    await guest.page.goto(`/join/${roomCode}`);
    await guest.joinRoom.guestName.fill('Zoé');
    await guest.joinRoom.joinButton.click();

    await expect.poll(() => guest.joinRoom.isPlaying('Alice'), { timeout: 60_000 }).toBe(true);
    await expect.poll(() => alice.joinRoom.isPlaying('Zoé'), { timeout: 60_000 }).toBe(true);
    for (const page of [alice.page, guest.page]) {
      const pairs = await relayPairs(page);
      const detail = JSON.stringify(pairs);
      console.log('room pairs:', detail);
      expect(pairs.length, detail).toBeGreaterThan(0);
      for (const pair of pairs) {
        expect(pair.policy, detail).toBe('relay');
        expect(pair.local.candidateType, detail).toBe('relay');
        expect(pair.local.relayProtocol, detail).toBe('udp');
      }
    }
  } finally {
    await alice.context.close();
    await guestContext.close();
  }
});
