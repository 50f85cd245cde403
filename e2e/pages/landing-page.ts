import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2: the signed-out landing page. */
export class LandingPage {
  readonly heading: Locator;
  readonly signInButton: Locator;
  readonly getStartedButton: Locator;
  readonly languageSwitcher: Locator;
  readonly featuresSection: Locator;
  readonly featureCards: Locator;
  readonly footer: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1 });
    this.signInButton = page.getByRole('banner').getByRole('button', { name: 'Se connecter' });
    this.getStartedButton = page.getByRole('button', { name: 'Commencer' });
    this.languageSwitcher = page.getByRole('combobox', { name: 'Langue' });
    this.featuresSection = page.getByRole('region', {
      name: 'Tout ce qu’il faut pour travailler ensemble',
    });
    this.featureCards = this.featuresSection.getByRole('listitem');
    this.footer = page.getByRole('contentinfo');
  }

  async goto(): Promise<void> {
    await this.page.goto('/');
    await this.heading.waitFor();
  }
}
