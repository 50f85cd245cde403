import type { Locator, Page } from '@playwright/test';

/** docs/search.md: the search dialog — its box, its list of results, its hints. */
export class SearchDialogUi {
  readonly dialog: Locator;
  readonly input: Locator;
  readonly results: Locator;

  constructor(page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'Rechercher dans les messages' });
    this.input = this.dialog.getByRole('combobox', {
      name: 'Rechercher dans les messages et les fichiers',
    });
    this.results = this.dialog.getByRole('listbox', { name: 'Résultats de la recherche' });
  }

  option(text: string | RegExp): Locator {
    return this.results.getByRole('option').filter({ hasText: text });
  }
}
