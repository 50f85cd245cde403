import type { Locator, Page } from '@playwright/test';

/** Issue 48: /admin, the administration console (Utilisateurs, Journal d’audit, Instance). */
export class AdminConsoleUi {
  readonly heading: Locator;
  readonly nav: Locator;
  readonly forbidden: Locator;
  readonly search: Locator;
  readonly users: Locator;
  readonly auditEntries: Locator;
  readonly auditFilter: Locator;
  readonly health: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Administration', level: 1 });
    this.nav = page.getByRole('navigation', { name: 'Sections de l’administration' });
    this.forbidden = page.getByRole('heading', { name: 'Réservé aux administrateurs' });
    this.search = page.getByRole('searchbox', { name: 'Rechercher par nom ou adresse' });
    this.users = page.getByRole('list', { name: 'Comptes' });
    this.auditEntries = page.getByRole('list', { name: 'Entrées du journal' });
    this.auditFilter = page.getByRole('combobox', { name: 'Action' });
    this.health = page.getByRole('list', { name: 'Santé' });
  }

  section(name: 'Utilisateurs' | 'Journal d’audit' | 'Instance'): Locator {
    return this.nav.getByRole('link', { name });
  }

  /** The row of one account in the list (its accessible name is the account's name). */
  userRow(name: string): Locator {
    return this.users.getByRole('listitem', { name, exact: true });
  }

  /** Run one of a row's actions (« Désactiver », « Réactiver », « Nommer administrateur »…). */
  async act(name: string, action: string): Promise<void> {
    await this.userRow(name)
      .getByRole('button', { name: `Actions pour ${name}` })
      .click();
    await this.page.getByRole('menuitem', { name: action }).click();
  }
}
