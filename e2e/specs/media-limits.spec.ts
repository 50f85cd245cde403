import { mkdirSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * Honest limits without a media server (docs/calls.md, "Sans Janus"): a server of its own
 * with no JANUS_URL (the shared one drives a Janus). Room creation and the administration
 * card say what the instance carries; the fifth person at the door is told a media server
 * is needed.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer({ JANUS_URL: undefined });
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, name: string): Promise<Actor> {
  return openActor(browser, server.url, name);
}

test('without Janus, a room seats 4: creation and the admin card say so, the fifth is refused', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The server's first account is its administrator.
  const alice = await open(browser, 'Alice');
  const zoe = await open(browser, 'Zoé');
  try {
    await alice.signUpViaApi({ displayName: 'Alice' });

    await alice.settings.goto();
    const admin = alice.page.getByRole('region', { name: 'Appels, salles et canaux vocaux' });
    await expect(admin).toContainText('Sans serveur multimédia');
    await expect(admin).toContainText('4 personnes au plus par salle ou canal vocal');
    await admin.scrollIntoViewIfNeeded();
    await alice.page.screenshot({ path: `${SHOTS}/media-mode-admin.png` });
    await alice.page.setViewportSize(PHONE);
    await admin.scrollIntoViewIfNeeded();
    await alice.page.screenshot({ path: `${SHOTS}/media-mode-admin-phone.png` });
    await alice.page.setViewportSize({ width: 1280, height: 800 });

    await alice.videoRooms.goto();
    await alice.page.getByRole('button', { name: 'Nouvelle salle' }).click();
    await expect(alice.videoRooms.createDialog.getByTestId('room-mesh-limit')).toHaveText(
      'Sans serveur multimédia sur cette instance, une salle accueille au plus 4 personnes : au-delà, l’entrée est refusée.',
    );
    await alice.page.screenshot({ path: `${SHOTS}/media-mode-create.png` });
    await alice.videoRooms.createDialog.getByLabel('Nom de la salle').fill('Grand point');
    await alice.videoRooms.createDialog.getByLabel('Participants maximum').fill('10');
    await alice.videoRooms.createDialog.getByRole('button', { name: 'Créer la salle' }).click();
    // The card states the effective limit, not the 10 asked for.
    const card = alice.videoRooms.room('Grand point');
    await expect(card.getByText('4 participants max.')).toBeVisible();
    const link = await alice.videoRooms.linkOf('Grand point');

    // Four guests take the seats.
    const { id: roomId } = (await (
      await alice.page.request.get(`/api/video-rooms/code/${link.split('/').pop()}`)
    ).json()) as { id: string };
    for (const name of ['Invité 1', 'Invité 2', 'Invité 3', 'Invité 4']) {
      const res = await zoe.page.request.post(`/api/video-rooms/${roomId}/join`, {
        data: { guestName: name },
      });
      expect(res.status(), await res.text()).toBe(200);
    }

    // The fifth, at the door: the server's reason, in words.
    await zoe.page.goto(link);
    await zoe.joinRoom.guestName.fill('Zoé');
    await zoe.joinRoom.joinButton.click();
    await expect(
      zoe.shell.toast.filter({ hasText: 'sans serveur multimédia (Janus), une salle accueille' }),
    ).toBeVisible();
    await expect(zoe.joinRoom.grid).toHaveCount(0);
    await zoe.page.screenshot({ path: `${SHOTS}/media-mode-refused.png` });
    await zoe.page.setViewportSize(PHONE);
    await zoe.page.screenshot({ path: `${SHOTS}/media-mode-refused-phone.png` });
  } finally {
    await alice.context.close();
    await zoe.context.close();
  }
});
