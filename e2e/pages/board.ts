import { expect, type Locator, type Page } from '@playwright/test';

/** docs/product.md §2.7 kanban, as a member sees it: the board tab, its columns and cards, its dialogs. */
export class BoardUi {
  readonly tab: Locator;
  readonly taskDialog: Locator;
  /** The board picker, in the board's bar. */
  readonly picker: Locator;
  /** « Ajouter une liste » in the board's bar (another ends the lists). */
  readonly addListButton: Locator;

  constructor(private readonly page: Page) {
    this.tab = page.getByRole('tab', { name: 'Tableau' });
    this.taskDialog = page.getByRole('dialog', { name: /tâche/ });
    this.picker = page.getByRole('combobox', { name: 'Tableau affiché' });
    this.addListButton = page.getByRole('button', { name: 'Ajouter une liste' }).first();
  }

  /** How far the lists are scrolled sideways. */
  scrollLeft(): Promise<number> {
    return this.page
      .locator('[data-list-id]')
      .first()
      .evaluate((list) => list.parentElement?.scrollLeft ?? 0);
  }

  async open(): Promise<void> {
    await this.tab.click();
  }

  /** A list's column, named by its heading. */
  column(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  /** A card, by its title (cards are buttons named by their content). */
  card(title: string): Locator {
    return this.page
      .getByRole('button', { name: new RegExp(title) })
      .and(this.page.locator('[data-task-id]'));
  }

  /** The titles of a column's cards, in order. */
  titles(list: string): Promise<string[]> {
    return this.column(list).locator('[data-task-id] p').allTextContents();
  }

  async expectTitles(list: string, titles: string[]): Promise<void> {
    await expect(this.column(list).locator('[data-task-id] p')).toHaveText(titles);
  }

  /** Drags a card onto another card with the mouse, in small steps as a hand would. */
  async drag(card: Locator, target: Locator): Promise<void> {
    const from = await card.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error('card or target not on screen');
    await this.page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await this.page.mouse.down();
    await this.page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2 + 10, {
      steps: 3,
    });
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await this.page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + 2, { steps: 2 });
    await this.page.mouse.up();
  }
}
