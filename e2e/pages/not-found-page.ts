import type { Locator, Page } from '@playwright/test';

export class NotFoundPage {
  readonly heading: Locator;
  readonly hint: Locator;

  constructor(page: Page) {
    this.heading = page.getByRole('heading', { name: '404 page not found' });
    this.hint = page.getByText('Did you forget to add the page to the router?');
  }
}
