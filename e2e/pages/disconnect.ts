import type { Locator, Page } from '@playwright/test';

/** Settings → « Heures de travail » (docs/product.md, « Droit à la déconnexion »). */
export class WorkingHoursUi {
  readonly card: Locator;
  readonly save: Locator;
  readonly backToDefault: Locator;
  readonly holidays: Locator;
  readonly timeOffForm: Locator;
  readonly timeOffList: Locator;

  constructor(page: Page) {
    this.card = page.getByRole('region', { name: 'Heures de travail' });
    this.save = this.card.getByRole('button', { name: 'Enregistrer les horaires' });
    this.backToDefault = this.card.getByRole('button', {
      name: 'Revenir aux horaires de l’instance',
    });
    this.holidays = this.card.getByRole('switch', { name: 'Jours fériés chômés' });
    this.timeOffForm = this.card.getByRole('form', { name: 'Ajouter un congé' });
    this.timeOffList = this.card.getByRole('list', { name: 'Congés prévus' });
  }

  /** « Lundi »… « Dimanche »: whether it is worked. */
  worked(day: string): Locator {
    return this.card.getByRole('switch', { name: `${day} travaillé` });
  }

  start(day: string): Locator {
    return this.card.getByLabel(`${day}, début`);
  }

  end(day: string): Locator {
    return this.card.getByLabel(`${day}, fin`);
  }
}

/** Above the composer: who is outside their working time, and what to do about it. */
export class AwayBannerUi {
  readonly banner: Locator;
  readonly sendUrgent: Locator;

  constructor(page: Page) {
    this.banner = page.getByRole('region', {
      name: 'Destinataires hors de leurs heures de travail',
    });
    this.sendUrgent = this.banner.getByRole('button', { name: 'Envoyer comme urgent' });
  }

  /** « Programmer pour demain 9 h », « Programmer pour lundi 9 h »… */
  scheduleFor(when: string | RegExp): Locator {
    return this.banner.getByRole('button', { name: when });
  }
}
