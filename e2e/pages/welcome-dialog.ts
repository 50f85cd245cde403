import type { Locator, Page } from '@playwright/test';

/** docs/product.md §4/§5: the dialog that asks a new user for a display name. */
export class WelcomeDialog {
  readonly dialog: Locator;
  readonly nameInput: Locator;
  readonly submitButton: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Bienvenue sur Ruche !' });
    this.nameInput = this.dialog.getByLabel('Nom d’affichage');
    this.submitButton = this.dialog.getByRole('button', { name: 'Continuer' });
  }

  async saveDisplayName(name: string): Promise<void> {
    await this.nameInput.fill(name);
    await this.submitButton.click();
  }
}
