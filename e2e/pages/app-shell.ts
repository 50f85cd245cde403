import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2: the signed-in layout — rail, sidebar, and on phones the top bar and bottom tabs. */
export class AppShell {
  readonly rail: Locator;
  readonly sidebar: Locator;
  readonly channelsSection: Locator;
  readonly directMessagesSection: Locator;
  readonly welcomePrompt: Locator;
  readonly bottomNav: Locator;
  readonly mobileMenuButton: Locator;
  readonly toast: Locator;

  constructor(private readonly page: Page) {
    this.rail = page.getByRole('navigation', { name: 'Navigation de l’application' });
    this.sidebar = page.getByRole('navigation', { name: 'Canaux et conversations' });
    this.channelsSection = this.sidebar.getByRole('region', { name: 'Canaux' });
    this.directMessagesSection = this.sidebar.getByRole('region', { name: 'Messages directs' });
    this.welcomePrompt = page.getByRole('heading', { name: 'Bienvenue dans Ruche' });
    this.bottomNav = page.getByRole('navigation', { name: 'Navigation principale' });
    this.mobileMenuButton = page.getByRole('button', { name: 'Ouvrir le menu' });
    this.toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  }

  /** The user menu trigger; its accessible name carries the display name. */
  userMenuButton(): Locator {
    return this.page
      .getByRole('button', { name: /menu utilisateur de /i })
      .filter({ visible: true });
  }

  async openUserMenu(): Promise<Locator> {
    await this.userMenuButton().click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  async signOut(): Promise<void> {
    const menu = await this.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  }

  themeToggle(): Locator {
    return this.page
      .getByRole('button', { name: /^Passer au thème (clair|sombre)$/ })
      .filter({ visible: true })
      .first();
  }

  async theme(): Promise<'light' | 'dark' | null> {
    const classes = ((await this.page.locator('html').getAttribute('class')) ?? '').split(/\s+/);
    if (classes.includes('dark')) return 'dark';
    return classes.includes('light') ? 'light' : null;
  }
}
