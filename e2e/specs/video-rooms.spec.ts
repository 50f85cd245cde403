import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, PHONE, test } from '../fixtures';
import {
  connectedCount,
  expectLoopback,
  expectLoopbackToJanus,
  LOOPBACK_ONLY,
  receivedLayer,
  sentLayers,
  THROUGH_JANUS,
  WEBRTC_LAUNCH,
} from '../webrtc';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/video-rooms-${name}.png`, animations: 'disabled' });

test.use({ launchOptions: WEBRTC_LAUNCH });

test.describe('video rooms', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a guest joins by link with a name, sees the host, and is removed by the host', async ({
    alice,
    actor,
  }) => {
    await alice.context.addInitScript(LOOPBACK_ONLY);
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await alice.arrive();
    await alice.videoRooms.goto();
    await expect(alice.page.getByText('Aucune salle pour l’instant')).toBeVisible();
    await alice.videoRooms.create('Point hebdo');
    const card = alice.videoRooms.room('Point hebdo');
    await expect(card.getByText('10 participants max.')).toBeVisible();
    await expect(card.getByText('Invités autorisés')).toBeVisible();
    await expect(card.getByRole('switch')).toBeChecked();
    const link = await alice.videoRooms.linkOf('Point hebdo');
    expect(link).toMatch(/\/join\/[A-Z2-9]{12}$/);
    await card.getByRole('button', { name: 'Copier le lien' }).click();
    await expect(card.getByRole('button', { name: 'Copié' })).toBeVisible();
    await shot(alice.page, 'desktop-list');
    await alice.page.setViewportSize(PHONE);
    await shot(alice.page, 'phone-list');
    await alice.page.setViewportSize({ width: 1280, height: 800 });

    // The host opens the link signed in: greeted by name, no guest field.
    await alice.page.goto(link);
    await expect(alice.page.getByText('Bonjour Alice !')).toBeVisible();
    await expect(alice.joinRoom.guestName).toHaveCount(0);
    await alice.joinRoom.joinButton.click();
    await expect(alice.joinRoom.tileOf('Alice')).toContainText('Alice (vous)');

    // An anonymous visitor: a name is required.
    const guest = await actor('Zoé');
    await guest.context.addInitScript(LOOPBACK_ONLY);
    await guest.page.goto(link);
    await expect(guest.page.getByRole('heading', { name: 'Point hebdo' })).toBeVisible();
    await expect(guest.page.getByText('Invités autorisés')).toBeVisible();
    await shot(guest.page, 'desktop-join-guest');
    await guest.joinRoom.joinButton.click();
    await expect(guest.page.getByRole('alert')).toHaveText('Le nom est requis');
    await guest.joinRoom.guestName.fill('Zoé');
    await guest.joinRoom.joinButton.click();

    // Each sees the other's live video, over loopback.
    await expect(guest.joinRoom.tileOf('Alice')).toBeVisible();
    await expect.poll(() => guest.joinRoom.isPlaying('Alice'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => alice.joinRoom.isPlaying('Zoé'), { timeout: 20_000 }).toBe(true);
    if (THROUGH_JANUS) {
      // Through Janus: each page has its publisher and one subscriber, both to Janus.
      await expect.poll(() => connectedCount(guest.page), { timeout: 20_000 }).toBe(2);
      await expectLoopbackToJanus(guest.page);
      await expectLoopbackToJanus(alice.page);
    } else await expectLoopback(guest.page, alice.page);
    await shot(alice.page, 'desktop-call');
    await guest.page.setViewportSize(PHONE);
    await shot(guest.page, 'phone-call');

    // The one speaking is outlined: Alice's (fake, beeping) microphone lights her tile at Zoé's.
    await expect(guest.joinRoom.tileOf('Alice')).toHaveAttribute('data-speaking', 'true', {
      timeout: 20_000,
    });

    // Mute shows on the host's own tile, which stays dark from then on.
    await alice.page.getByRole('button', { name: 'Couper le micro' }).click();
    await expect(alice.page.getByRole('button', { name: 'Activer le micro' })).toBeVisible();
    await expect(alice.joinRoom.tileOf('Alice')).toHaveAttribute('data-speaking', 'false');
    await alice.page.waitForTimeout(2500);
    await expect(alice.joinRoom.tileOf('Alice')).toHaveAttribute('data-speaking', 'false');

    // The host removes the guest: the guest is out, the host's grid shrinks.
    await alice.joinRoom.openParticipants();
    const panel = alice.page.getByRole('complementary', { name: 'Participants' });
    await expect(panel.getByText('Invité', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Retirer Zoé' }).click();
    await expect(guest.page.getByText('Vous avez été retiré de la salle.')).toBeVisible();
    await expect(alice.joinRoom.tileOf('Zoé')).toHaveCount(0);
    await shot(guest.page, 'desktop-removed');
  });

  test('a pinned tile takes the stage; through Janus at full size, the others as thumbnails on the lowest layer', async ({
    alice,
    actor,
  }) => {
    await alice.context.addInitScript(LOOPBACK_ONLY);
    await alice.arrive();
    const created = await alice.page.request.post('/api/video-rooms', {
      data: { name: 'Atelier', maxParticipants: 10 },
    });
    expect(created.status()).toBe(201);
    const { roomCode } = (await created.json()) as { roomCode: string };
    await alice.page.goto(`/join/${roomCode}`);
    await alice.joinRoom.joinButton.click();
    const guests: Actor[] = [];
    for (const name of ['Zoé', 'Yann']) {
      const guest = await actor(name, { viewport: { width: 640, height: 400 } });
      guests.push(guest);
      await guest.context.addInitScript(LOOPBACK_ONLY);
      await guest.page.goto(`/join/${roomCode}`);
      await guest.joinRoom.guestName.fill(name);
      await guest.joinRoom.joinButton.click();
    }
    const grid = alice.joinRoom.grid;
    for (const name of ['Zoé', 'Yann']) {
      await expect.poll(() => alice.joinRoom.isPlaying(name), { timeout: 30_000 }).toBe(true);
    }
    // Three tiles: a grid; through Janus each remote video on the middle layer (half the
    // camera's 1280 px, less on a loaded machine). Without Janus the mesh sends one size: the layout alone is checked.
    await expect(grid).toHaveAttribute('data-layout', 'grid');
    const half = { timeout: 30_000 };
    // Which of the sender's layers Alice shows on its tile.
    const layer = (name: string, sender: Actor) =>
      receivedLayer(alice.page, `Vidéo de ${name}`, sender.page);
    const [zoe, yann] = guests as [Actor, Actor];
    if (THROUGH_JANUS) {
      await expect.poll(() => layer('Zoé', zoe), half).toBe('m');
      // Nobody shows Zoé at full size: her page encodes the half and the quarter only.
      await expect.poll(() => sentLayers(zoe.page), half).toBe('m,l');
    }

    // Pinned: Zoé fills the stage on the full layer, Yann is a thumbnail on the lowest.
    await alice.joinRoom.tileOf('Zoé').hover();
    await alice.page.getByRole('button', { name: 'Afficher Zoé en grand' }).click();
    await expect(grid).toHaveAttribute('data-layout', 'stage');
    await expect(alice.joinRoom.stage.getByRole('figure')).toHaveAccessibleName('Vidéo de Zoé');
    if (THROUGH_JANUS) {
      // Alice shows her at full size: Zoé's page encodes it again.
      await expect.poll(() => sentLayers(zoe.page), half).toBe('h,m,l');
      await expect.poll(() => layer('Zoé', zoe), half).toBe('h');
      await expect.poll(() => layer('Yann', yann), half).toBe('l');
      // Zoé puts Alice on her stage too: Yann is a thumbnail on both pages, and his page
      // encodes only the quarter size.
      await zoe.joinRoom.tileOf('Alice').hover();
      await zoe.page.getByRole('button', { name: 'Afficher Alice en grand' }).click();
      await expect.poll(() => sentLayers(yann.page), half).toBe('l');
      await zoe.page.getByRole('button', { name: 'Ne plus garder Alice en grand' }).click();
      await expect.poll(() => sentLayers(yann.page), half).toBe('m,l');
    }
    await expect.poll(() => alice.joinRoom.isPlaying('Yann'), half).toBe(true);
    await shot(alice.page, 'desktop-stage');
    await alice.page.setViewportSize(PHONE);
    await shot(alice.page, 'phone-stage');
    await alice.page.setViewportSize({ width: 1280, height: 800 });

    // Unpinned: the grid again, Yann back on the middle layer.
    await alice.page.getByRole('button', { name: 'Ne plus garder Zoé en grand' }).click();
    await expect(grid).toHaveAttribute('data-layout', 'grid');
    if (THROUGH_JANUS) {
      await expect.poll(() => layer('Yann', yann), half).toBe('m');
      await expect.poll(() => sentLayers(zoe.page), half).toBe('m,l');
    }
    await expect.poll(() => alice.joinRoom.isPlaying('Yann'), half).toBe(true);
  });

  test('with the lobby on, a guest waits until the host lets her in; another is refused', async ({
    alice,
    actor,
  }) => {
    await alice.context.addInitScript(LOOPBACK_ONLY);
    await alice.arrive();
    await alice.videoRooms.goto();
    await alice.videoRooms.create('Entretien', { lobby: true });
    await expect(alice.videoRooms.room('Entretien').getByText('Salle d’attente')).toBeVisible();
    const link = await alice.videoRooms.linkOf('Entretien');
    await alice.page.goto(link);
    await alice.joinRoom.joinButton.click();
    await expect(alice.joinRoom.tileOf('Alice')).toBeVisible();

    const guest = await actor('Zoé');
    await guest.context.addInitScript(LOOPBACK_ONLY);
    await guest.page.goto(link);
    await expect(guest.page.getByText('Salle d’attente')).toBeVisible();
    await guest.joinRoom.guestName.fill('Zoé');
    await guest.joinRoom.joinButton.click();
    await expect(
      guest.page.getByRole('heading', { name: 'Dans la salle d’attente' }),
    ).toBeVisible();
    await shot(guest.page, 'desktop-lobby-wait');
    // Waiting is not being in: the host's grid holds only her.
    await expect(alice.joinRoom.tileOf('Zoé')).toHaveCount(0);

    // The host hears of her, and lets her in from the participants panel.
    const toasts = alice.page.getByRole('region', { name: /^Notifications/ });
    await expect(toasts).toContainText('Zoé attend dans la salle d’attente');
    await alice.joinRoom.openParticipants();
    const panel = alice.page.getByRole('complementary', { name: 'Participants' });
    await expect(panel.getByText('1 personne attend')).toBeVisible();
    await shot(alice.page, 'desktop-lobby-panel');
    await panel.getByRole('button', { name: 'Faire entrer Zoé' }).click();
    await expect.poll(() => guest.joinRoom.isPlaying('Alice'), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => alice.joinRoom.isPlaying('Zoé'), { timeout: 20_000 }).toBe(true);
    await expect(panel.getByText('Personne n’attend.')).toBeVisible();

    // A second guest, on a phone, is refused.
    const late = await actor('Yann', { viewport: PHONE });
    await late.page.goto(link);
    await late.joinRoom.guestName.fill('Yann');
    await late.joinRoom.joinButton.click();
    await expect(late.page.getByRole('heading', { name: 'Dans la salle d’attente' })).toBeVisible();
    await shot(late.page, 'phone-lobby-wait');
    await panel.getByRole('button', { name: 'Refuser Yann' }).click();
    await expect(late.page.getByText('L’organisateur ne vous a pas fait entrer.')).toBeVisible();
    await expect(alice.joinRoom.tileOf('Yann')).toHaveCount(0);
  });

  test('a room at its maximum refuses the next person', async ({ alice, actor }) => {
    await alice.arrive();
    const created = await alice.page.request.post('/api/video-rooms', {
      data: { name: 'Tête-à-tête', maxParticipants: 2 },
    });
    expect(created.status()).toBe(201);
    const room = (await created.json()) as { id: string; roomCode: string };
    for (const guestName of [null, 'Premier invité']) {
      const request =
        guestName === null ? alice.page.request : (await actor('Premier')).page.request;
      const seat = await request.post(`/api/video-rooms/${room.id}/join`, { data: { guestName } });
      expect(seat.status(), await seat.text()).toBe(200);
    }

    const late = await actor('Tardif', { viewport: PHONE });
    await late.page.goto(`/join/${room.roomCode}`);
    await late.joinRoom.guestName.fill('Tardif');
    await shot(late.page, 'phone-join');
    await late.joinRoom.joinButton.click();
    const toast = late.shell.toast;
    await expect(toast).toContainText('Échec de rejoindre la salle');
    await expect(toast).toContainText('La salle est complète');
    await expect(late.joinRoom.joinButton).toBeVisible();
  });

  test('tells a missing or inactive room apart, and members-only rooms', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const visitor = await actor('Visiteur', { viewport: PHONE });
    await visitor.page.goto('/join/ABCDEFGHJKMN');
    await expect(visitor.page.getByRole('heading', { name: 'Salle introuvable' })).toBeVisible();

    const make = async (data: Record<string, unknown>) => {
      const res = await alice.page.request.post('/api/video-rooms', {
        data: { name: 'Salle', ...data },
      });
      return (await res.json()) as { id: string; roomCode: string };
    };
    const off = await make({});
    await alice.page.request.patch(`/api/video-rooms/${off.id}`, { data: { isActive: false } });
    await visitor.page.goto(`/join/${off.roomCode}`);
    await expect(visitor.page.getByRole('heading', { name: 'Salle inactive' })).toBeVisible();

    const members = await make({ allowGuests: false });
    await visitor.page.goto(`/join/${members.roomCode}`);
    await expect(visitor.page.getByText('Cette salle exige une authentification.')).toBeVisible();
    await expect(visitor.joinRoom.joinButton).toBeDisabled();
    await expect(visitor.joinRoom.guestName).toHaveCount(0);
    await shot(visitor.page, 'phone-members-only');
  });
});
