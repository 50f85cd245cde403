import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2: the page of an unknown address, in French, with a way back. */
export class NotFoundPage {
  readonly heading: Locator;
  readonly hint: Locator;
  readonly backHome: Locator;
  readonly backToMessages: Locator;

  constructor(page: Page) {
    this.heading = page.getByRole('heading', { name: 'Page introuvable' });
    this.hint = page.getByText(/^Aucune page de Ruche ne se trouve à cette adresse/);
    this.backHome = page.getByRole('link', { name: 'Retour à l’accueil' });
    this.backToMessages = page.getByRole('link', { name: 'Revenir aux messages' });
  }
}
