import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, openActor, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';
import { LOOPBACK_ONLY, THROUGH_JANUS, WEBRTC_LAUNCH } from '../webrtc';

/**
 * docs/calls.md, "Salons vocaux": a person in a voice channel shares their screen from the
 * voice bar; the others in the voice watch it in the channel, everyone sees « En direct »
 * beside them in the sidebar. Through Janus (the suite's server, when Janus is installed) and
 * in the peer mesh (a server of this spec's own, without Janus).
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

test.use({ launchOptions: WEBRTC_LAUNCH });

const bar = (page: Page) => page.getByRole('region', { name: 'Vocal en cours' });
const sidebarVoice = (page: Page, name: string) =>
  page.getByRole('list', { name: `Dans le vocal de « ${name} »` });
const screenOf = (page: Page, name: string) =>
  page.getByRole('figure', { name: `Écran de ${name}` });
/** The width of the frames the figure's <video> shows (0: none yet). */
const shownWidth = (page: Page, name: string) =>
  screenOf(page, name)
    .locator('video')
    .evaluate((video: HTMLVideoElement) => video.videoWidth)
    .catch(() => 0);

async function shareAndWatch(alice: Actor, bob: Actor, label: string) {
  await Promise.all([
    alice.context.addInitScript(LOOPBACK_ONLY),
    bob.context.addInitScript(LOOPBACK_ONLY),
  ]);
  await Promise.all([alice.signUp(), bob.signUp()]);
  const name = `ecran-${Math.random().toString(36).slice(2, 7)}`;
  const made = await alice.page.request.post('/api/channels', {
    data: { name, type: 'voice' },
  });
  const voice = (await made.json()) as { id: string };
  expect((await bob.page.request.post(`/api/channels/${voice.id}/join`)).ok()).toBe(true);
  for (const who of [alice, bob]) {
    await who.page.goto(`/channel/${voice.id}`);
    await who.page.getByRole('main').getByRole('button', { name: 'Rejoindre le vocal' }).click();
    await expect(bar(who.page).getByText('Connecté au vocal')).toBeVisible();
  }

  // Alice shares from her bar: Bob sees her screen, frames flowing, and « En direct ».
  await bar(alice.page).getByRole('button', { name: 'Partager l’écran' }).click();
  const stop = bar(alice.page).getByRole('button', { name: 'Arrêter le partage d’écran' });
  await expect(stop).toHaveAttribute('aria-pressed', 'true');
  await expect(
    sidebarVoice(bob.page, name).getByRole('img', { name: 'partage son écran' }),
  ).toBeVisible();
  await expect(screenOf(bob.page, 'Alice')).toBeVisible();
  await expect.poll(() => shownWidth(bob.page, 'Alice'), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(
    alice.page.getByRole('figure', { name: 'Votre écran, vu par les autres' }),
  ).toBeVisible();
  await bob.page.screenshot({ path: `${SHOTS}/voice-screen-${label}.png` });

  // Stopped: gone from Bob's channel and sidebar; his voice goes on.
  await stop.click();
  await expect(screenOf(bob.page, 'Alice')).toHaveCount(0);
  await expect(
    sidebarVoice(bob.page, name).getByRole('img', { name: 'partage son écran' }),
  ).toHaveCount(0);
  await expect(bar(bob.page).getByText('Connecté au vocal')).toBeVisible();

  // Shared again: the same connections carry it (no renegotiation), Bob sees it again.
  await bar(alice.page).getByRole('button', { name: 'Partager l’écran' }).click();
  await expect.poll(() => shownWidth(bob.page, 'Alice'), { timeout: 30_000 }).toBeGreaterThan(0);
}

test.describe('a voice channel’s screen share', () => {
  test.describe.configure({ timeout: 180_000 });

  test(`seen by the others in the voice (${THROUGH_JANUS ? 'through Janus' : 'peer mesh'})`, async ({
    alice,
    bob,
  }) => {
    await shareAndWatch(alice, bob, THROUGH_JANUS ? 'janus' : 'mesh');
  });

  test.describe('without a media server', () => {
    let server: E2eServer;
    test.beforeAll(async () => {
      test.setTimeout(180_000);
      server = await startE2eServer({ JANUS_URL: undefined });
    });
    test.afterAll(async () => server?.stop());

    test('seen by the others in the voice (peer mesh)', async ({ browser }) => {
      const alice = await openActor(browser, server.url, 'Alice');
      const bob = await openActor(browser, server.url, 'Bob');
      try {
        await shareAndWatch(alice, bob, 'mesh-own');
      } finally {
        await Promise.all([alice.context.close(), bob.context.close()]);
      }
    });
  });
});
