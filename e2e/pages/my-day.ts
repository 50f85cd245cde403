import type { Locator, Page } from '@playwright/test';

/** « Ma journée » (/ma-journee): its sections, each a region named by its heading. */
export class MyDayUi {
  readonly heading: Locator;
  /** « Recevoir « Ma journée » par e-mail chaque matin ». */
  readonly emailSwitch: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Ma journée' });
    this.emailSwitch = page.getByRole('switch', {
      name: 'Recevoir «\u00a0Ma journée\u00a0» par e-mail chaque matin',
    });
  }

  /** A section, by its title (« Mentions non lues », « Tâches à faire »…). */
  section(title: string): Locator {
    return this.page.getByRole('region', { name: new RegExp(`^${title}`) });
  }
}
