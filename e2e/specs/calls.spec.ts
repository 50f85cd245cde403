import { type Actor, expect, test } from '../fixtures';
import { CallUi, recordPeerConnections } from '../pages/calls';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SHOTS = process.env.RUCHE_SHOTS_DIR;

// Fake camera and microphone, permission prompts accepted; host candidates shown as addresses
// (not mDNS names) and loopback allowed, so media stays on 127.0.0.1 (the e2e server serves
// ICE_SERVERS=[]: no STUN, no TURN).
test.use({
  launchOptions: {
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      '--allow-loopback-in-peer-connection',
      '--disable-features=WebRtcHideLocalIpsWithMdns',
      '--autoplay-policy=no-user-gesture-required',
    ],
  },
});

async function userId(actor: Actor): Promise<string> {
  const res = await actor.page.request.get('/api/auth/user');
  return ((await res.json()) as { id: string }).id;
}

async function directChannel(alice: Actor, bob: Actor): Promise<string> {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
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
  const dm = await directChannel(alice, bob);
  const bobTab2Page = await bob.context.newPage();
  for (const page of [alice.page, bob.page, bobTab2Page]) await recordPeerConnections(page);
  await alice.page.goto(`/channel/${dm}`);
  await bob.page.goto(`/channel/${dm}`);
  await bobTab2Page.goto('/');
  const a = new CallUi(alice.page);
  const b1 = new CallUi(bob.page);
  const b2 = new CallUi(bobTab2Page);
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Bob' })).toBeVisible();
  // Both of Bob's sockets are up before the call rings.
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Alice' })).toBeVisible();
  await bobTab2Page.waitForLoadState('networkidle');

  await a.startButton.click();
  await a.expectPhase('calling');
  for (const tab of [b1, b2]) {
    await expect(tab.dialog.getByRole('heading', { name: 'Alice vous appelle' })).toBeVisible();
  }
  if (SHOTS) {
    await bob.page.screenshot({ path: `${SHOTS}/call-incoming.png` });
    await alice.page.screenshot({ path: `${SHOTS}/call-calling.png` });
  }
  await b1.accept.click();
  // The other tab stops ringing.
  await expect(b2.dialog).toBeHidden();
  await a.expectPhase('active');
  await b1.expectPhase('active');
  await a.expectRemoteVideoPlaying();
  await b1.expectRemoteVideoPlaying();
  if (SHOTS) await alice.page.screenshot({ path: `${SHOTS}/call-active.png` });

  // Media stays on this machine, on loopback.
  for (const tab of [a, b1]) {
    const pair = await tab.selectedPair();
    expect(pair, 'a selected candidate pair').not.toBeNull();
    expect(pair?.local).toBe('127.0.0.1');
    expect(pair?.remote).toBe('127.0.0.1');
  }

  // Mute and camera toggles act on the local tracks.
  await a.mute.click();
  await expect(a.dialog.getByRole('button', { name: 'Réactiver le micro' })).toBeVisible();
  await a.cameraOff.click();
  await expect(a.dialog.getByRole('button', { name: 'Réactiver la caméra' })).toBeVisible();

  await a.hangUp.click();
  await expect(a.dialog).toBeHidden();
  await expect(b1.dialog).toBeHidden();
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
  alice,
  bob,
}) => {
  const dm = await directChannel(alice, bob);
  await alice.page.goto(`/channel/${dm}`);
  // The site's camera and microphone are blocked (the fake-UI flag accepts only prompts).
  const cdp = await alice.context.newCDPSession(alice.page);
  for (const name of ['camera', 'microphone']) {
    await cdp.send('Browser.setPermission', {
      permission: { name },
      setting: 'denied',
      origin: new URL(alice.page.url()).origin,
    });
  }
  const a = new CallUi(alice.page);
  await a.startButton.click();
  await expect(
    alice.shell.toast.filter({ hasText: 'Accès à la caméra et au micro refusé' }),
  ).toBeVisible();
  await expect(a.dialog).toBeHidden();
  // Bob's phone never rang.
  const b = new CallUi(bob.page);
  await expect(b.dialog).toBeHidden();
});
