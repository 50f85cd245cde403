import { expect, type Locator, type Page } from '@playwright/test';

/** Past the app's 500 ms (web/src/features/messages/hooks/use-long-press.ts). */
const LONG_PRESS_HOLD_MS = 800;

/**
 * docs/product.md §2 message list and composer, as a user sees them: the log of messages, the
 * composer, the typing line, the hover toolbar of a message and the thread panel.
 */
export class ChatUi {
  readonly log: Locator;
  readonly composer: Locator;
  readonly typingLine: Locator;
  readonly thread: Locator;
  /** The "Nouveaux messages" line, above the first message unread when the channel opened. */
  readonly newMessagesLine: Locator;
  /** The message right below that line. */
  readonly firstNewMessage: Locator;
  /** Shown while the list is scrolled up or opened in the past: back to the newest messages. */
  readonly jumpToRecent: Locator;

  constructor(private readonly page: Page) {
    this.log = page.getByRole('log', { name: 'Messages' });
    this.composer = page.getByRole('combobox', { name: 'Message' }).first();
    this.typingLine = page.getByTestId('typing-line');
    this.thread = page.getByRole('complementary', { name: 'Fil de discussion' });
    this.newMessagesLine = this.log.getByRole('separator', { name: 'Nouveaux messages' });
    this.firstNewMessage = this.newMessagesLine.locator('xpath=../following-sibling::article[1]');
    this.jumpToRecent = page.getByRole('button', { name: 'Revenir aux messages récents' });
  }

  /** The message whose text contains `text` (messages are articles named by their author). */
  message(text: string | RegExp): Locator {
    return this.log.getByRole('article').filter({ hasText: text });
  }

  /**
   * Writes a message (Shift+Enter between lines) and sends it with Enter. Each line goes in
   * as one input, as a paste would: key-by-key typing is what the typing and mention steps
   * test, and on two shared cores it costs up to 170 ms a key.
   */
  async send(lines: string | string[]): Promise<void> {
    const all = Array.isArray(lines) ? lines : [lines];
    await this.composer.click();
    for (const [index, line] of all.entries()) {
      if (index > 0) await this.composer.press('Shift+Enter');
      await this.page.keyboard.insertText(line);
    }
    await this.composer.press('Enter');
    await expect(this.composer).toHaveValue('');
  }

  /** Opens the hover toolbar of a message and clicks one of its actions. */
  async act(message: Locator, action: string): Promise<void> {
    await message.hover();
    await message.getByRole('toolbar').getByRole('button', { name: action }).click();
  }

  /**
   * A finger held still on a message (touch screens): the action sheet opens. Playwright has
   * no long press, so the touch goes through the DevTools protocol; holding for a duration
   * is the gesture itself, not a wait for the app.
   */
  async longPress(message: Locator): Promise<void> {
    const box = await message.boundingBox();
    if (!box) throw new Error('message not on screen');
    const point = { x: box.x + box.width / 2, y: box.y + Math.min(box.height / 2, 20) };
    const cdp = await this.page.context().newCDPSession(this.page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await this.page.waitForTimeout(LONG_PRESS_HOLD_MS);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
  }

  /** The sheet a long press opens. */
  get actionSheet(): Locator {
    return this.page.getByRole('dialog', { name: 'Actions du message' });
  }

  async react(message: Locator, emoji: string): Promise<void> {
    await this.act(message, 'Ajouter une réaction');
    await this.page
      .getByRole('dialog', { name: 'Ajouter une réaction' })
      .getByRole('button', { name: emoji })
      .click();
  }

  reactionChip(message: Locator, emoji: string): Locator {
    return message.getByRole('button', { name: new RegExp(`^${emoji} : `) });
  }

  async edit(message: Locator, content: string): Promise<void> {
    await this.act(message, 'Plus d’actions');
    await this.page.getByRole('menuitem', { name: 'Modifier le message' }).click();
    const editor = this.page.getByRole('textbox', { name: 'Modifier le message' });
    await editor.fill(content);
    await editor.press('Enter');
    await expect(editor).toBeHidden();
  }

  async delete(message: Locator): Promise<void> {
    await this.act(message, 'Plus d’actions');
    await this.page.getByRole('menuitem', { name: 'Supprimer le message' }).click();
    const confirm = this.page.getByRole('alertdialog', { name: 'Supprimer le message ?' });
    await confirm.getByRole('button', { name: 'Supprimer' }).click();
    await expect(confirm).toBeHidden();
  }

  async replyInThread(message: Locator, text: string): Promise<void> {
    await this.act(message, 'Répondre dans le fil');
    await expect(this.thread).toBeVisible();
    const composer = this.thread.getByRole('combobox', { name: 'Message' });
    await composer.click();
    await this.page.keyboard.insertText(text);
    await composer.press('Enter');
    await expect(this.thread.getByRole('article').filter({ hasText: text })).toBeVisible();
  }

  /** An author's avatar in the list, named "<name>, <status>" (e.g. "Bob, Hors ligne"). */
  avatar(name: string, status: 'En ligne' | 'Absent' | 'Hors ligne'): Locator {
    return this.log.getByRole('img', { name: `${name}, ${status}` });
  }
}
