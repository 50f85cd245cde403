import { expect, type Locator, type Page } from '@playwright/test';

/** « Trouver un créneau » (docs/product.md, "Trouver un créneau"): the header button and its dialog. */
export class SlotFinderUi {
  readonly openButton: Locator;
  readonly moreActions: Locator;
  readonly dialog: Locator;
  readonly people: Locator;
  readonly proposals: Locator;
  readonly title: Locator;
  readonly bookButton: Locator;

  constructor(page: Page) {
    this.openButton = page.getByRole('button', { name: 'Trouver un créneau' });
    this.moreActions = page.getByRole('button', { name: 'Plus d’actions du canal' });
    this.dialog = page.getByRole('dialog', { name: 'Trouver un créneau' });
    this.people = this.dialog.getByRole('list', { name: 'Participants' });
    this.proposals = this.dialog.getByRole('list', { name: 'Créneaux libres' }).getByRole('button');
    this.title = this.dialog.getByLabel('Titre de la réunion');
    this.bookButton = this.dialog.getByRole('button', { name: 'Réserver' });
  }

  /** Opens the dialog from the header; on a phone the button is under « ⋯ » (docs/product.md §2.5). */
  async open(): Promise<void> {
    await expect(this.openButton.or(this.moreActions).first()).toBeVisible();
    if (!(await this.openButton.isVisible())) await this.moreActions.click();
    await this.openButton.click();
    await this.dialog.waitFor();
  }

  /** A duration or period chip (« 1 h », « La semaine prochaine »). */
  chip(name: string): Locator {
    return this.dialog.getByRole('button', { name, exact: true });
  }
}
