import { expect, type Locator, type Page } from '@playwright/test';

type CreatableType = 'Canal public' | 'Groupe privé' | 'Canal vocal';

/**
 * docs/product.md §2: the channels of the sidebar, their dialogs (create, start a DM, join with a code,
 * invite members) and the channel view (header menu, tabs, members).
 */
export class ChannelsUi {
  readonly sidebar: Locator;
  readonly channelsSection: Locator;
  readonly directSection: Locator;
  readonly createDialog: Locator;
  readonly directDialog: Locator;
  readonly joinCodeDialog: Locator;
  readonly inviteDialog: Locator;
  readonly deleteDialog: Locator;
  readonly browseDialog: Locator;
  readonly toast: Locator;

  constructor(private readonly page: Page) {
    this.sidebar = page.getByRole('navigation', { name: 'Canaux et conversations' });
    this.channelsSection = this.sidebar.getByRole('region', { name: 'Canaux' });
    this.directSection = this.sidebar.getByRole('region', { name: 'Messages directs' });
    this.createDialog = page.getByRole('dialog', { name: 'Créer un canal' });
    this.directDialog = page.getByRole('dialog', { name: 'Nouvelle conversation' });
    this.joinCodeDialog = page.getByRole('dialog', { name: 'Rejoindre avec un code' });
    this.inviteDialog = page.getByRole('dialog', { name: 'Inviter des membres' });
    this.browseDialog = page.getByRole('dialog', { name: 'Parcourir les canaux' });
    // The name's no-break space (the catalogue's, inside « ») reads as a space here.
    this.deleteDialog = page.getByRole('alertdialog', { name: /^Supprimer «\s/ });
    this.toast = page.getByRole('region', { name: /^Notifications/ }).getByRole('listitem');
  }

  /** A toast's title, also while a modal dialog hides the toast region from the a11y tree. */
  toastText(title: string): Locator {
    return this.page
      .getByRole('region', { name: /^Notifications/, includeHidden: true })
      .getByText(title, { exact: true });
  }

  channelLink(name: string): Locator {
    return this.sidebar.getByRole('link', { name });
  }

  /** The open channel's title (docs/product.md §2 channel view header). */
  heading(name?: string): Locator {
    return this.page.getByRole('heading', { level: 1, ...(name ? { name, exact: true } : {}) });
  }

  async fillCreateDialog(input: { name: string; description?: string; type?: CreatableType }) {
    await this.channelsSection.getByRole('button', { name: 'Créer un canal' }).click();
    await this.createDialog.waitFor();
    if (input.type)
      await this.createDialog.getByRole('radio', { name: new RegExp(`^${input.type}`) }).click();
    await this.createDialog.getByLabel('Nom', { exact: true }).fill(input.name);
    if (input.description)
      await this.createDialog.getByLabel(/^Description/).fill(input.description);
  }

  /** Creates a channel from the dialog and waits until its view is open. */
  async createChannel(input: { name: string; description?: string; type?: CreatableType }) {
    await this.fillCreateDialog(input);
    await this.createDialog.getByRole('button', { name: 'Créer le canal' }).click();
    await expect(this.createDialog).toBeHidden();
    await expect(this.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await expect(this.heading(input.name)).toBeVisible();
    return this.page.url().split('/').pop()!;
  }

  async openChannelMenu(): Promise<Locator> {
    const options = this.page.getByRole('button', { name: 'Options du canal' });
    // On a phone the header folds the channel's actions under « ⋯ » (docs/product.md §2.5).
    const more = this.page.getByRole('button', { name: 'Plus d’actions du canal' });
    await expect(options.or(more).first()).toBeVisible();
    if (!(await options.isVisible())) await more.click();
    await options.click();
    const menu = this.page.getByRole('menu');
    await menu.waitFor();
    return menu;
  }

  /** Opens the invite dialog and reads the active code once it is shown. */
  async openInviteDialog(): Promise<string> {
    const menu = await this.openChannelMenu();
    await menu.getByRole('menuitem', { name: 'Inviter des membres' }).click();
    const codeField = this.inviteDialog.getByLabel('Code d’invitation');
    await expect(codeField).toHaveValue(/^[A-Z2-9]{8}$/);
    return codeField.inputValue();
  }

  async openJoinCodeDialog(): Promise<void> {
    await this.channelsSection.getByRole('button', { name: 'Rejoindre avec un code' }).click();
    await this.joinCodeDialog.waitFor();
  }

  tab(name: 'Discussion' | 'Tableau' | 'Fichiers' | 'Membres'): Locator {
    return this.page.getByRole('tab', { name });
  }

  members(): Locator {
    return this.page.getByRole('list', { name: 'Membres du canal' }).getByRole('listitem');
  }
}
