import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, test } from '../fixtures';
import {
  connectedCount,
  expectLoopback,
  expectLoopbackToJanus,
  inboundAudioBytes,
  LOOPBACK_ONLY,
  THROUGH_JANUS,
  WEBRTC_LAUNCH,
} from '../webrtc';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

test.use({ launchOptions: WEBRTC_LAUNCH });

const panel = (page: Page) => page.getByRole('region', { name: 'Participants du canal vocal' });

/** Alice and Bob on loopback-only media, in a channel of Alice's that Bob joined by invite. */
async function channelOfTwo(alice: Actor, bob: Actor, name: string, type: 'voice' | 'channel') {
  await Promise.all([
    alice.context.addInitScript(LOOPBACK_ONLY),
    bob.context.addInitScript(LOOPBACK_ONLY),
  ]);
  await Promise.all([alice.signUp(), bob.signUp()]);
  const created = await alice.page.request.post('/api/channels', { data: { name, type } });
  const channel = (await created.json()) as { id: string };
  const invite = await alice.page.request.post(`/api/channels/${channel.id}/invites`);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  expect((await bob.page.request.post(`/api/channel-invites/${inviteCode}/join`)).ok()).toBe(true);
  return channel;
}

test.describe('voice channels', () => {
  // Three browsers and Janus on the shared two-core machine: a join took minutes at a load
  // average of 40.
  test.describe.configure({ timeout: 300_000 });

  test('members see who is in without joining, then talk over loopback; mute shows to the other', async ({
    alice,
    bob,
  }) => {
    const channel = await channelOfTwo(alice, bob, 'salon-vocal', 'voice');

    await alice.page.goto(`/channel/${channel.id}`);
    await bob.page.goto(`/channel/${channel.id}`);
    await expect(panel(bob.page).getByText('Personne pour l’instant')).toBeVisible();

    await alice.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(alice.page.getByText('Vous êtes connecté')).toBeVisible();
    // Bob sees Alice in the channel without joining (the 3 s poll), and when she speaks:
    // he hears nothing, her page tells the channel.
    await expect(panel(bob.page).getByText('Alice')).toBeVisible();
    await expect(
      panel(bob.page).getByRole('listitem').filter({ hasText: 'Alice' }),
    ).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });

    await bob.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(panel(alice.page).getByText('Bob')).toBeVisible();
    await expect
      .poll(
        () =>
          alice.page.evaluate(() =>
            (window as unknown as { __peers: RTCPeerConnection[] }).__peers.some(
              (pc) => pc.connectionState === 'connected',
            ),
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    if (THROUGH_JANUS) await expectLoopbackToJanus(alice.page);
    else await expectLoopback(alice.page, bob.page);
    // Bob's (fake, beeping) microphone lights his row on Alice's side, and hers on his own.
    const bobRow = panel(alice.page).getByRole('listitem').filter({ hasText: 'Bob' });
    await expect(bobRow).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });
    await alice.page.screenshot({ path: `${SHOTS}/voice-desktop-speaking.png` });
    await expect(
      panel(bob.page).getByRole('listitem').filter({ hasText: 'Bob (vous)' }),
    ).toHaveAttribute('data-speaking', 'true', { timeout: 20_000 });

    await bob.page.getByRole('main').getByRole('button', { name: 'Couper le micro' }).click();
    await expect(panel(alice.page).getByLabel('Micro coupé')).toBeVisible();
    // Muted, he speaks no more: his row stays dark through several beeps.
    await expect(bobRow).toHaveAttribute('data-speaking', 'false');
    await alice.page.waitForTimeout(2500);
    await expect(bobRow).toHaveAttribute('data-speaking', 'false');
    await alice.page.screenshot({
      path: `${SHOTS}/voice-desktop-panel.png`,
      animations: 'disabled',
    });

    // Bob leaves: Alice's list follows.
    await bob.page.getByRole('main').getByRole('button', { name: 'Quitter', exact: true }).click();
    await expect(panel(alice.page).getByText('Bob')).toHaveCount(0);
  });

  test('a public channel’s voice chat: its dialog joins, both hear each other, closing it keeps the voice', async ({
    alice,
    bob,
  }) => {
    const channel = await channelOfTwo(alice, bob, 'atelier', 'channel');
    const dialog = (page: Page) => page.getByRole('dialog', { name: 'Chat vocal de « atelier »' });
    const chatPanel = (page: Page) =>
      dialog(page).getByRole('region', { name: 'Participants du chat vocal' });

    for (const p of [alice, bob]) {
      await p.page.goto(`/channel/${channel.id}`);
      // The chat stays on screen; the voice chat opens over it.
      await expect(p.page.getByRole('combobox', { name: 'Message' })).toBeVisible();
      await p.page.getByRole('button', { name: 'Rejoindre le vocal' }).click();
      await expect(dialog(p.page)).toBeVisible();
      await dialog(p.page).getByRole('button', { name: 'Rejoindre le vocal' }).click();
      await expect(dialog(p.page).getByText('Vous êtes connecté')).toBeVisible();
    }
    await expect(chatPanel(alice.page).getByText('Bob')).toBeVisible();
    await expect(chatPanel(bob.page).getByText('Alice')).toBeVisible();
    // Alice receives Bob's audio, and its bytes keep growing.
    await expect
      .poll(async () => (await inboundAudioBytes(alice.page)).length, { timeout: 30_000 })
      .toBeGreaterThan(0);
    const before = await inboundAudioBytes(alice.page);
    await expect
      .poll(
        async () => (await inboundAudioBytes(alice.page)).some((b, i) => b > (before[i] ?? 0)),
        { timeout: 15_000 },
      )
      .toBe(true);
    if (THROUGH_JANUS) await expectLoopbackToJanus(alice.page);
    else await expectLoopback(alice.page, bob.page);

    await dialog(bob.page).getByRole('button', { name: 'Couper le micro' }).click();
    await expect(chatPanel(alice.page).getByLabel('Micro coupé')).toBeVisible();
    await alice.page.screenshot({ path: `${SHOTS}/voice-chat-dialog.png`, animations: 'disabled' });

    // Closing the dialog keeps Bob in the voice chat (the voice bar stays); he leaves from
    // the bar, and Alice's list follows.
    await dialog(bob.page).getByRole('button', { name: 'Fermer' }).click();
    await expect(dialog(bob.page)).toBeHidden();
    await expect(chatPanel(alice.page).getByText('Bob')).toBeVisible();
    const bobBar = bob.page.getByRole('region', { name: 'Vocal en cours' });
    await bobBar.getByRole('button', { name: 'Quitter le vocal' }).click();
    await expect(chatPanel(alice.page).getByText('Bob')).toHaveCount(0);
  });

  test('three people in a voice channel through Janus each hear the other two', async ({
    alice,
    bob,
    actor,
  }) => {
    // The SFU is the subject: without Janus (npm test installs it) this fails, never skips.
    expect(THROUGH_JANUS, 'Janus is not running: `apt-get install janus`').toBe(true);
    const carol = await actor('Carol');
    const people = [alice, bob, carol];
    await Promise.all(people.map((p) => p.context.addInitScript(LOOPBACK_ONLY)));
    await Promise.all(people.map((p) => p.signUp()));
    const created = await alice.page.request.post('/api/channels', {
      data: { name: 'salon-sfu', type: 'voice' },
    });
    const channel = (await created.json()) as { id: string };
    const invite = await alice.page.request.post(`/api/channels/${channel.id}/invites`);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };
    for (const p of [bob, carol]) {
      expect((await p.page.request.post(`/api/channel-invites/${inviteCode}/join`)).ok()).toBe(
        true,
      );
    }
    for (const p of people) {
      await p.page.goto(`/channel/${channel.id}`);
      await p.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
      await expect(p.page.getByText('Vous êtes connecté')).toBeVisible();
    }

    // Each page: its publisher and one subscriber per other person, all connected to Janus.
    for (const p of people) {
      await expect.poll(() => connectedCount(p.page), { timeout: 30_000 }).toBe(3);
    }
    // Each page receives two audio streams, and their bytes keep growing.
    for (const p of people) {
      const before = await inboundAudioBytes(p.page);
      expect(before).toHaveLength(2);
      await expect
        .poll(
          async () => {
            const after = await inboundAudioBytes(p.page);
            return after.length === 2 && after.every((bytes, i) => bytes > (before[i] ?? 0));
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      await expectLoopbackToJanus(p.page);
    }
  });
});
