import type { Locator, Page } from '@playwright/test';

/** The notification bell (rail on desktop, top bar on phones) and its popover list. */
export class NotificationsUi {
  readonly bell: Locator;
  readonly badge: Locator;
  readonly panel: Locator;
  readonly items: Locator;
  readonly markAllRead: Locator;
  readonly banner: Locator;

  constructor(page: Page) {
    this.bell = page.getByTestId('notification-bell').filter({ visible: true });
    this.badge = this.bell.getByTestId('notification-badge');
    this.panel = page.getByRole('dialog', { name: 'Notifications' });
    this.items = this.panel.getByTestId('notification-item');
    this.markAllRead = this.panel.getByRole('button', { name: 'Tout marquer comme lu' });
    this.banner = this.panel.getByTestId('desktop-banner');
  }

  async open(): Promise<void> {
    await this.bell.click();
    await this.panel.waitFor();
  }
}
