import type { Locator, Page } from '@playwright/test';

/** docs/product.md §2: /calendar — tabs, event cards, the create/edit dialog. */
export class CalendarPage {
  readonly heading: Locator;
  readonly addButton: Locator;
  readonly dialog: Locator;
  readonly cards: Locator;
  /** /calendar-settings: opens the dialog that connects a Google or Outlook account. */
  readonly addConnectionButton: Locator;
  /** /calendar-settings, back from the provider: the calendar chosen for the connection. */
  readonly useCalendarButton: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Agenda', level: 1 });
    this.addButton = page.getByRole('button', { name: 'Nouvel événement' });
    this.dialog = page.getByRole('dialog');
    this.cards = page.getByTestId('event-card');
    this.addConnectionButton = page.getByRole('button', { name: 'Ajouter une connexion' });
    this.useCalendarButton = page.getByRole('button', { name: 'Utiliser cet agenda' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/calendar');
    await this.heading.waitFor();
  }

  tab(name: RegExp | string): Locator {
    return this.page.getByRole('tab', { name });
  }

  card(title: string): Locator {
    return this.cards.filter({ hasText: title });
  }

  /** Fill the open dialog: dates as yyyy-MM-dd, times as HH:mm. */
  async fillEvent(event: {
    title: string;
    startDate?: string;
    startTime?: string;
    endDate?: string;
    endTime?: string;
    location?: string;
  }): Promise<void> {
    await this.dialog.getByLabel('Titre').fill(event.title);
    if (event.startDate) await this.dialog.getByLabel('Date de début').fill(event.startDate);
    if (event.startTime) await this.dialog.getByLabel('Heure de début').fill(event.startTime);
    if (event.endDate) await this.dialog.getByLabel('Date de fin').fill(event.endDate);
    if (event.endTime) await this.dialog.getByLabel('Heure de fin').fill(event.endTime);
    if (event.location) await this.dialog.getByLabel('Lieu').fill(event.location);
  }
}
