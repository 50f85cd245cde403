import { networkInterfaces } from 'node:os';
import { Actor, expect, PHONE, test } from '../fixtures';
import { CallUi, recordPeerConnections } from '../pages/calls';
import { webrtcLaunch } from '../webrtc';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = process.env.RUCHE_SHOTS_DIR;

// Fake camera and microphone, permission prompts accepted; host candidates shown as addresses
// (not mDNS names) and loopback allowed, so media stays on 127.0.0.1 (the e2e server serves
// ICE_SERVERS=[]: no STUN, no TURN).
test.use({
  launchOptions: webrtcLaunch(
    '--disable-features=WebRtcHideLocalIpsWithMdns',
    '--autoplay-policy=no-user-gesture-required',
  ),
});

// Two browsers with cameras on a two-core machine: one call at a time.
test.describe.configure({ mode: 'serial' });

async function userId(actor: Actor): Promise<string> {
  const res = await actor.page.request.get('/api/auth/user');
  return ((await res.json()) as { id: string }).id;
}

/**
 * Sign up through the API, again after a 503: on a loaded two-core machine the server sheds
 * load (docs/scaling.md, "Overload"), and password hashing is what it sheds first.
 */
async function signUp(actor: Actor, displayName: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    const res = await actor.page.request.post('/api/auth/register', {
      data: { email: actor.email, password: actor.password, firstName: actor.name },
    });
    if (res.status() === 503 && attempt < 10) {
      await new Promise((r) => setTimeout(r, 1000 + Math.random() * 2000));
      continue;
    }
    expect(res.status(), await res.text()).toBe(201);
    break;
  }
  const patch = await actor.page.request.patch('/api/auth/user', { data: { displayName } });
  expect(patch.ok(), await patch.text()).toBe(true);
}

async function directChannel(alice: Actor, bob: Actor): Promise<string> {
  await signUp(alice, 'Alice');
  await signUp(bob, 'Bob');
  const res = await alice.page.request.post('/api/channels/direct', {
    data: { recipientId: await userId(bob) },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

test('alice calls bob, who answers on one of his two tabs; hanging up posts the duration', async ({
  alice,
  bob,
}) => {
  // Two browsers encoding fake video on a shared two-core machine: slow when other specs run.
  test.setTimeout(180_000);
  const dm = await directChannel(alice, bob);
  const bobTab2Page = await bob.context.newPage();
  for (const page of [alice.page, bob.page, bobTab2Page]) await recordPeerConnections(page);
  await alice.page.goto(`/channel/${dm}`);
  await bob.page.goto(`/channel/${dm}`);
  await bobTab2Page.goto('/');
  const b2 = new CallUi(bobTab2Page);
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible({
    timeout: 30_000,
  });
  // Both of Bob's sockets are up before the call rings.
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    bobTab2Page.getByRole('navigation', { name: 'Canaux et conversations' }),
  ).toBeVisible({
    timeout: 30_000,
  });

  await alice.calls.startButton.click();
  await alice.calls.expectPhase('calling');
  for (const tab of [bob.calls, b2]) {
    await expect(tab.dialog.getByRole('heading', { name: 'Alice vous appelle' })).toBeVisible();
  }
  if (SHOTS) {
    await bob.page.screenshot({ path: `${SHOTS}/call-incoming.png` });
    await alice.page.screenshot({ path: `${SHOTS}/call-calling.png` });
    await bobTab2Page.setViewportSize(PHONE);
    await bobTab2Page.screenshot({ path: `${SHOTS}/call-incoming-phone.png` });
  }
  await bob.calls.accept.click();
  // The other tab stops ringing.
  await expect(b2.dialog).toBeHidden();
  await alice.calls.expectPhase('active');
  await bob.calls.expectPhase('active');
  await alice.calls.expectRemoteVideoPlaying();
  await bob.calls.expectRemoteVideoPlaying();
  if (SHOTS) {
    await alice.page.screenshot({ path: `${SHOTS}/call-active.png` });
    await bob.page.setViewportSize(PHONE);
    await bob.page.screenshot({ path: `${SHOTS}/call-active-phone.png` });
  }

  // Media stays on this machine. Each side applies only the other's 127.0.0.1 candidate
  // (recordPeerConnections): the checks go to loopback, but Chromium also sends them from
  // its sockets on the machine's interface addresses, and may select such a (peer-reflexive)
  // pair. Those addresses are the machine's own: the packets never leave it. (Chromium's
  // stats hide the address of a peer-reflexive remote candidate: it is the other tab's
  // socket, on this machine.)
  const own = new Set(
    Object.values(networkInterfaces())
      .flat()
      .map((i) => i?.address),
  );
  const pairs = [await alice.calls.selectedPair(), await bob.calls.selectedPair()];
  console.log('selected candidate pairs (alice, bob):', JSON.stringify(pairs));
  for (const pair of pairs) {
    expect(pair, 'a selected candidate pair').not.toBeNull();
    expect(own.has(pair?.local), `${pair?.local} is this machine's`).toBe(true);
    if (pair?.remoteType !== 'prflx' || pair.remote !== '') {
      expect(own.has(pair?.remote), `${pair?.remote} is this machine's`).toBe(true);
    }
  }
  expect(pairs.some((p) => p?.local === '127.0.0.1' || p?.remote === '127.0.0.1')).toBe(true);

  // Bob's network drops and comes back: his tab's socket reconnects, asks after the call
  // (video-call-resume) and keeps it; the media went on meanwhile.
  const reconnected = bob.page.waitForEvent('websocket');
  await bob.context.setOffline(true);
  await bob.page.waitForTimeout(500);
  await bob.context.setOffline(false);
  const socket = await reconnected;
  const state = await socket.waitForEvent('framereceived', {
    predicate: (frame) => String(frame.payload).includes('"video-call-state"'),
  });
  expect(String(state.payload)).toContain('"state":"active"');
  await bob.calls.expectPhase('active');
  await bob.calls.expectRemoteVideoPlaying();

  // Mute and camera toggles act on the local tracks.
  await alice.calls.mute.click();
  await expect(
    alice.calls.dialog.getByRole('button', { name: 'Réactiver le micro' }),
  ).toBeVisible();
  await alice.calls.cameraOff.click();
  await expect(
    alice.calls.dialog.getByRole('button', { name: 'Réactiver la caméra' }),
  ).toBeVisible();

  await alice.calls.hangUp.click();
  await expect(alice.calls.dialog).toBeHidden();
  await expect(bob.calls.dialog).toBeHidden();
  for (const page of [alice.page, bob.page]) {
    await expect(
      page.getByRole('log', { name: 'Messages' }).getByText(/^Appel vidéo · \d+ s$/),
    ).toBeVisible();
  }
  // The camera and microphone are released on both sides.
  for (const page of [alice.page, bob.page]) {
    const live = await page.evaluate(() =>
      (window as unknown as { __rucheCalls: RTCPeerConnection[] }).__rucheCalls.map(
        (pc) => pc.connectionState,
      ),
    );
    expect(live.every((state) => state === 'closed')).toBe(true);
  }
});

test('a camera and microphone the browser refuses show the permission error', async ({
  playwright,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // A browser of its own, without the flag that accepts every prompt: the site's camera and
  // microphone are blocked, as when a person clicks "Block".
  const browser = await playwright.chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream'],
  });
  try {
    const open = async (name: string) => {
      const context = await browser.newContext({ baseURL, locale: 'fr-FR' });
      return new Actor(name, context, await context.newPage());
    };
    const [alice, bob] = await Promise.all([open('Alice'), open('Bob')]);
    const dm = await directChannel(alice, bob);
    await bob.page.goto(`/channel/${dm}`);
    await alice.page.goto(`/channel/${dm}`);
    await expect(alice.page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible();
    const cdp = await alice.context.newCDPSession(alice.page);
    for (const name of ['camera', 'microphone']) {
      await cdp.send('Browser.setPermission', {
        permission: { name },
        setting: 'denied',
        origin: new URL(alice.page.url()).origin,
      });
    }
    await alice.calls.startButton.click();
    await expect(
      alice.shell.toast.filter({ hasText: 'Accès à la caméra et au micro refusé' }),
    ).toBeVisible();
    await expect(alice.calls.dialog).toBeHidden();
    // Bob's phone never rang.
    await expect(bob.page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
    await expect(bob.calls.dialog).toBeHidden();
  } finally {
    await browser.close();
  }
});
