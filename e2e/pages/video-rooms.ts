import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2.15: /video-rooms — my rooms and the create dialog. */
export class VideoRoomsUi {
  readonly heading: Locator;
  readonly createDialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Salles vidéo', level: 1 });
    this.createDialog = page.getByRole('dialog', { name: 'Créer une salle vidéo' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/video-rooms');
    await this.heading.waitFor();
  }

  async create(name: string, options: { max?: number; lobby?: boolean } = {}): Promise<void> {
    await this.page.getByRole('button', { name: 'Nouvelle salle' }).click();
    await this.createDialog.getByLabel('Nom de la salle').fill(name);
    if (options.max)
      await this.createDialog.getByLabel('Participants maximum').fill(`${options.max}`);
    if (options.lobby)
      await this.createDialog.getByRole('switch', { name: 'Salle d’attente' }).click();
    await this.createDialog.getByRole('button', { name: 'Créer la salle' }).click();
    await this.createDialog.waitFor({ state: 'hidden' });
  }

  room(name: string): Locator {
    return this.page.getByRole('listitem', { name });
  }

  /** The room's /join link as its card shows it. */
  async linkOf(name: string): Promise<string> {
    return (await this.room(name).locator('code').textContent()) ?? '';
  }
}

/** docs/product.md §2.16: /join/{roomCode}, then the call screen. */
export class JoinRoomUi {
  readonly guestName: Locator;
  readonly joinButton: Locator;
  readonly grid: Locator;
  /** The large tile of the stage layout (a pinned seat, or the last speaker). */
  readonly stage: Locator;
  readonly leaveButton: Locator;

  constructor(private readonly page: Page) {
    this.guestName = page.getByLabel('Votre nom');
    this.joinButton = page.getByRole('button', { name: 'Rejoindre la salle' });
    this.grid = page.getByRole('region', { name: 'Vidéos des participants' });
    this.stage = page.getByTestId('room-stage');
    this.leaveButton = page.getByRole('button', { name: 'Quitter' });
  }

  tileOf(name: string): Locator {
    return this.page.getByRole('figure', { name: `Vidéo de ${name}` });
  }

  /** Whether the tile's video is playing frames (its size is known once frames arrive). */
  async isPlaying(name: string): Promise<boolean> {
    return this.tileOf(name)
      .locator('video')
      .evaluate((video: HTMLVideoElement) => video.videoWidth > 0 && !video.paused);
  }

  async openParticipants(): Promise<void> {
    await this.page.getByRole('button', { name: 'Participants' }).click();
  }
}
