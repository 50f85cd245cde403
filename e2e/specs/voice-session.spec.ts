import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, PHONE, test } from '../fixtures';
import { connectedCount, inboundAudioBytes, LOOPBACK_ONLY, WEBRTC_LAUNCH } from '../webrtc';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

test.use({ launchOptions: WEBRTC_LAUNCH });

/**
 * docs/calls.md, "Salons vocaux": the voice session belongs to the app shell. It stays while
 * the person opens text channels and other pages, the voice bar follows them, every member
 * sees who is in a voice channel from the sidebar, and a closed page leaves within 15 s.
 */
const panel = (page: Page) => page.getByRole('region', { name: 'Participants du canal vocal' });
const bar = (page: Page) => page.getByRole('region', { name: 'Vocal en cours' });
const sidebarVoice = (page: Page, name: string) =>
  page.getByRole('list', { name: `Dans le vocal de « ${name} »` });

/** Bob's received audio keeps growing (Alice's fake microphone beeps). */
async function expectHearing(page: Page) {
  await expect
    .poll(async () => (await inboundAudioBytes(page)).length, { timeout: 30_000 })
    .toBeGreaterThan(0);
  const before = await inboundAudioBytes(page);
  await expect
    .poll(
      async () => (await inboundAudioBytes(page)).some((bytes, i) => bytes > (before[i] ?? 0)),
      { timeout: 15_000 },
    )
    .toBe(true);
}

/** The text channel beside the voice channel `name` (a name that does not contain it). */
const textName = (voiceName: string) => `texte-${voiceName.split('-').at(-1)}`;

/** Alice's voice channel and a text channel, Bob a member of both (by the browse dialog). */
async function setUp(alice: Actor, bob: Actor, voiceName: string) {
  await Promise.all([
    alice.context.addInitScript(LOOPBACK_ONLY),
    bob.context.addInitScript(LOOPBACK_ONLY),
  ]);
  await Promise.all([alice.arrive(), bob.arrive()]);
  const made = await alice.page.request.post('/api/channels', {
    data: { name: voiceName, type: 'voice' },
  });
  const voice = (await made.json()) as { id: string };
  const text = await alice.page.request.post('/api/channels', {
    data: { name: textName(voiceName), type: 'channel' },
  });
  const textChannel = (await text.json()) as { id: string };
  expect((await bob.page.request.post(`/api/channels/${textChannel.id}/join`)).ok()).toBe(true);
  return { voice, textChannel };
}

test.describe('the voice session', () => {
  test.describe.configure({ timeout: 240_000 });

  test('stays on across pages while the other still hears; the sidebar shows who is in, live', async ({
    alice,
    bob,
  }) => {
    const name = `salon-${Date.now().toString(36)}`;
    const { voice } = await setUp(alice, bob, name);

    // Bob finds Alice's voice channel in "Parcourir les canaux" and joins it.
    await bob.page.goto('/');
    await bob.page.getByRole('button', { name: 'Parcourir les canaux' }).click();
    await bob.channels.browseDialog.getByRole('searchbox').fill(name);
    const row = bob.channels.browseDialog.getByRole('listitem').filter({ hasText: name });
    await expect(row).toContainText('Canal vocal');
    await row.getByRole('button', { name: `Rejoindre ${name}` }).click();
    await expect(panel(bob.page)).toBeVisible();
    // Bob goes to the text channel: his sidebar shows nobody in the voice channel yet.
    await bob.channels.channelLink(textName(name)).click();
    await expect(sidebarVoice(bob.page, name)).toHaveCount(0);

    await alice.page.goto(`/channel/${voice.id}`);
    await alice.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(bar(alice.page).getByText('Connecté au vocal')).toBeVisible();
    // Bob, elsewhere, sees Alice in the voice channel from his sidebar, live.
    await expect(sidebarVoice(bob.page, name).getByText('Alice')).toBeVisible();
    await expect(sidebarVoice(bob.page, name).getByRole('listitem')).toHaveAttribute(
      'data-speaking',
      'true',
      { timeout: 20_000 },
    );
    await bar(alice.page).getByRole('button', { name: 'Couper le micro' }).click();
    await expect(sidebarVoice(bob.page, name).getByLabel('Micro coupé')).toBeVisible();
    await bar(alice.page).getByRole('button', { name: 'Activer le micro' }).click();
    await expect(sidebarVoice(bob.page, name).getByLabel('Micro coupé')).toHaveCount(0);

    // Bob joins from his sidebar's voice channel.
    await bob.channels.channelLink(name).click();
    await bob.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(panel(alice.page).getByText('Bob')).toBeVisible();
    await expectHearing(bob.page);

    // Alice opens the text channel, in the app: her voice goes on, Bob still lists and hears her.
    await alice.channels.channelLink(textName(name)).click();
    await expect(alice.chat.composer).toBeVisible();
    await expect(bar(alice.page).getByText('Connecté au vocal')).toBeVisible();
    await expect(bar(alice.page).getByRole('link', { name })).toBeVisible();
    await expect(sidebarVoice(alice.page, name).getByText('Alice (vous)')).toBeVisible();
    await expect(panel(bob.page).getByText('Alice')).toBeVisible();
    expect(await connectedCount(alice.page)).toBeGreaterThan(0);
    await expectHearing(bob.page);
    await expect(bar(alice.page).getByRole('img', { name: /^Connexion : / })).toBeVisible({
      timeout: 10_000,
    });
    await alice.page.screenshot({ path: `${SHOTS}/voice-bar-desktop.png` });

    // The agenda has no sidebar: the bar floats there, and the voice still flows.
    await alice.shell.rail.getByRole('link', { name: 'Agenda' }).click();
    await expect(alice.page).toHaveURL(/\/calendar/);
    await expect(bar(alice.page).getByText('Connecté au vocal')).toBeVisible();
    await expectHearing(bob.page);
    await alice.page.screenshot({ path: `${SHOTS}/voice-bar-floating.png` });

    // Leaving from the bar: Bob's list follows.
    await bar(alice.page).getByRole('button', { name: 'Quitter le vocal' }).click();
    await expect(bar(alice.page)).toHaveCount(0);
    await expect(panel(bob.page).getByText('Alice')).toHaveCount(0);
  });

  test('a closed page leaves within 15 s, and a page never shows its user in when they are not', async ({
    alice,
    bob,
  }) => {
    const name = `ferme-${Date.now().toString(36)}`;
    const { voice } = await setUp(alice, bob, name);
    expect((await bob.page.request.post(`/api/channels/${voice.id}/join`)).ok()).toBe(true);
    await bob.page.goto(`/channel/${voice.id}`);

    await alice.page.goto(`/channel/${voice.id}`);
    await alice.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(bar(alice.page).getByText('Connecté au vocal')).toBeVisible();
    await expect(panel(bob.page).getByText('Alice')).toBeVisible();
    // Alice's other tab (in front) shows her in the voice from there, not as joined here.
    const other = await alice.context.newPage();
    await other.goto(`/channel/${voice.id}`);
    // A page load took 25 s on the shared two-core machine at a load average of 40.
    await expect(panel(other).getByText('Alice (vous)')).toBeVisible({ timeout: 60_000 });
    await expect(other.getByText('depuis un autre onglet ou appareil')).toBeVisible();
    await expect(bar(other)).toHaveCount(0);

    // The tab in the voice closes: gone everywhere within 15 s.
    await alice.page.close();
    await expect(panel(bob.page).getByText('Alice')).toHaveCount(0, { timeout: 15_000 });
    await expect(sidebarVoice(bob.page, name)).toHaveCount(0);
    await expect(panel(other).getByText('Alice (vous)')).toHaveCount(0, { timeout: 15_000 });
    await expect(other.getByText('Vous n’êtes pas dans le canal vocal')).toBeVisible();
  });

  test('a reload offers to rejoin; the phone shows a compact bar above the bottom navigation', async ({
    actor,
  }) => {
    const alice = await actor('Alice', { viewport: PHONE });
    await alice.context.addInitScript(LOOPBACK_ONLY);
    await alice.arrive();
    const name = `mobile-${Date.now().toString(36)}`;
    const made = await alice.page.request.post('/api/channels', {
      data: { name, type: 'voice' },
    });
    const voice = (await made.json()) as { id: string };
    await alice.page.goto(`/channel/${voice.id}`);
    await alice.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    const compact = bar(alice.page).filter({ visible: true });
    await expect(compact.getByText('Connecté au vocal')).toBeVisible();
    // Above the bottom navigation, not over it.
    const barBox = await compact.boundingBox();
    const navBox = await alice.shell.bottomNav.boundingBox();
    expect(barBox && navBox && barBox.y + barBox.height <= navBox.y + 1).toBe(true);
    await alice.shell.bottomNav.getByRole('link', { name: 'Agenda' }).click();
    await expect(compact.getByText('Connecté au vocal')).toBeVisible();
    await alice.page.screenshot({ path: `${SHOTS}/voice-bar-phone.png` });

    await alice.page.reload();
    await expect(compact.getByText(`Vous étiez dans « ${name} »`)).toBeVisible();
    await alice.page.screenshot({ path: `${SHOTS}/voice-bar-phone-rejoin.png` });
    await compact.getByRole('button', { name: 'Rejoindre', exact: true }).click();
    await expect(compact.getByText('Connecté au vocal')).toBeVisible();
  });
});
