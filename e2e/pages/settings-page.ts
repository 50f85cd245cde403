import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2: /settings — display name form and profile status. */
export class SettingsPage {
  readonly heading: Locator;
  readonly displayNameInput: Locator;
  readonly saveDisplayNameButton: Locator;
  readonly statusSelect: Locator;
  readonly statusMessage: Locator;
  readonly saveStatusButton: Locator;
  /** docs/files.md, "Quotas": the account's storage, its sentence and its bar. */
  readonly storageCard: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Réglages', level: 1 });
    this.displayNameInput = page.getByLabel('Nom d’affichage');
    this.saveDisplayNameButton = page.getByRole('button', { name: 'Enregistrer le nom' });
    this.statusSelect = page.getByRole('combobox', { name: 'Statut de présence' });
    this.statusMessage = page.getByLabel('Message de statut');
    this.saveStatusButton = page.getByRole('button', { name: 'Enregistrer le statut' });
    this.storageCard = page.getByRole('region', { name: 'Stockage', exact: true });
  }

  async goto(): Promise<void> {
    await this.page.goto('/settings');
    await this.heading.waitFor();
  }
}
