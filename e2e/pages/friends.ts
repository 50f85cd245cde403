import { expect, type Locator, type Page } from '@playwright/test';

type Tab = 'friends' | 'received' | 'sent';

const TAB_NAMES: Record<Tab, RegExp> = {
  friends: /^(Mes amis|Amis)/,
  received: /^(Demandes reçues|Reçues)/,
  sent: /^(Demandes envoyées|Envoyées)/,
};

/** docs/product.md §2.11: /friends — three tabs with counts, the lists, the add-friend dialog. */
export class FriendsUi {
  readonly heading: Locator;
  readonly backButton: Locator;
  readonly addButton: Locator;
  readonly addDialog: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Amis', level: 1 });
    this.backButton = page.getByRole('link', { name: 'Retour aux messages' });
    this.addButton = page.getByRole('button', { name: 'Ajouter un ami' }).first();
    this.addDialog = page.getByRole('dialog', { name: 'Ajouter un ami' });
  }

  tab(tab: Tab): Locator {
    return this.page.getByRole('tab', { name: TAB_NAMES[tab] });
  }

  /** The list shown under the open tab. */
  panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  async expectCount(tab: Tab, count: number): Promise<void> {
    await expect(this.tab(tab).getByTestId('tab-count')).toHaveText(String(count));
  }

  async open(tab: Tab): Promise<void> {
    await this.tab(tab).click();
    await expect(this.tab(tab)).toHaveAttribute('aria-selected', 'true');
  }

  /** The people the add-friend dialog offers for a search (their accessible names). */
  candidates(): Locator {
    return this.addDialog.getByRole('radio');
  }

  async sendRequest(search: string, name: RegExp, message?: string): Promise<void> {
    await this.addButton.click();
    await this.addDialog.getByRole('searchbox', { name: 'Rechercher une personne' }).fill(search);
    // The server's answer for the search replaces the list shown meanwhile (everyone, with
    // other tests' Bobs): wait for it to single the person out.
    const person = this.addDialog.getByRole('radio', { name });
    await expect(person).toHaveCount(1);
    await person.click();
    if (message) await this.addDialog.getByLabel(/^Message/).fill(message);
    await this.addDialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(this.addDialog).toBeHidden();
  }
}
