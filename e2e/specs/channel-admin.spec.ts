import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { Actor, expect, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * Channel roles and archiving (issue 48): the owner makes a member administrator of the
 * channel from the members tab; that administrator archives the channel; a member, on a
 * phone, sees it turn read-only live — a notice instead of the composer — and finds it under
 * « Archivés » in the sidebar. Screenshots at 1440 and 390 px wide.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/channel-admin-${name}.png` });
const DESKTOP = { width: 1440, height: 900 };

/** Joins `channelId` through its active invite, made by `owner`, over the API. */
async function join(owner: Actor, member: Actor, channelId: string) {
  const invite = await owner.page.request.post(`/api/channels/${channelId}/invites`);
  expect(invite.ok(), await invite.text()).toBe(true);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  const res = await member.page.request.post(`/api/channel-invites/${inviteCode}/join`);
  expect(res.status(), await res.text()).toBe(200);
}

test('the owner names an administrator, who archives the channel; a member sees it read-only under Archivés', async ({
  actor,
}) => {
  test.setTimeout(120_000);
  const olivia = await actor('Olivia', { viewport: DESKTOP });
  const adam = await actor('Adam', { viewport: DESKTOP });
  const mia = await actor('Mia', { viewport: PHONE });
  // Olivia first: on a fresh server the first account administers the workspace, and the
  // others must be plain members.
  await olivia.arrive();
  await Promise.all([adam.arrive(), mia.arrive()]);

  const name = `projet-${Math.random().toString(36).slice(2, 7)}`;
  const channelId = await olivia.channels.createChannel({ name, type: 'Groupe privé' });
  await join(olivia, adam, channelId);
  await join(olivia, mia, channelId);
  await olivia.chat.send('Bienvenue dans le projet');

  // Mia has the channel open on her phone before anything happens.
  await mia.page.goto(`/channel/${channelId}`);
  await expect(mia.chat.composer).toBeVisible();

  // The owner makes Adam administrator of the channel.
  await olivia.page.reload();
  await olivia.channels.tab('Membres').click();
  await expect(olivia.channels.members()).toHaveCount(3);
  await olivia.page.getByRole('button', { name: 'Rôle de Adam' }).click();
  await olivia.page.getByRole('menuitem', { name: 'Nommer administrateur du canal' }).click();
  const adamRow = olivia.channels.members().filter({ hasText: 'Adam' });
  await expect(adamRow).toContainText('Administrateur');
  // The row changes with the live event, the toast once the request has answered: a toast
  // that comes while a menu is open is the newest layer, and Escape closes it first.
  await expect(olivia.channels.toastText('Adam est administrateur du canal')).toBeVisible();
  // Members have no role menu of their own to open, and no removal by a plain member.
  await olivia.page.getByRole('button', { name: 'Rôle de Mia' }).click();
  const transfer = olivia.page.getByRole('menuitem', { name: 'Transférer la propriété' });
  await expect(transfer).toBeVisible();
  // One Escape closes the newest layer, which may be a toast that came after the menu; pressed
  // until the menu has gone (a fresh clone's run left it open once, and the form behind it,
  // hidden from the accessibility tree while a menu is open, was never found).
  await expect(async () => {
    await olivia.page.keyboard.press('Escape');
    await expect(transfer).toBeHidden({ timeout: 1000 });
  }).toPass({ timeout: 10_000 });
  await shot(olivia.page, 'desktop-members-roles');

  // The owner renames the channel and describes it; Mia's open view follows live.
  const renamed = `${name}-bis`;
  const settings = olivia.page.getByRole('form', { name: 'Nom et description' });
  await settings.getByLabel('Nom du canal').fill(renamed);
  await settings.getByLabel('Description').fill('Le lancement de mars');
  await settings.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(olivia.channels.toastText('Canal mis à jour')).toBeVisible();
  await expect(mia.channels.heading(renamed)).toBeVisible();
  await expect(mia.page.getByText('Le lancement de mars')).toBeVisible();
  // Mia, a plain member, has no such form.
  await mia.channels.tab('Membres').click();
  await expect(mia.channels.members()).toHaveCount(3);
  await expect(mia.page.getByRole('form', { name: 'Nom et description' })).toHaveCount(0);
  await mia.channels.tab('Discussion').click();

  // Adam, now administrator, archives it from the channel's menu.
  await adam.page.goto(`/channel/${channelId}`);
  await expect(adam.channels.heading(renamed)).toBeVisible();
  const menu = await adam.channels.openChannelMenu();
  await menu.getByRole('menuitem', { name: 'Archiver le canal' }).click();
  const dialog = adam.page.getByRole('alertdialog', { name: /^Archiver «\s/ });
  await expect(dialog).toContainText('lecture seule');
  await shot(adam.page, 'desktop-archive-dialog');
  await dialog.getByRole('button', { name: 'Archiver', exact: true }).click();
  await expect(adam.channels.toastText('Canal archivé')).toBeVisible();
  await expect(adam.page.getByText('Ce canal est archivé', { exact: false })).toBeVisible();
  await expect(adam.chat.composer).toHaveCount(0);
  await shot(adam.page, 'desktop-archived-channel');
  // Nor does a thread take replies.
  const welcome = adam.chat.log
    .getByRole('article')
    .filter({ hasText: 'Bienvenue dans le projet' });
  await adam.chat.act(welcome, 'Répondre dans le fil');
  await expect(
    adam.chat.thread.getByRole('status').filter({ hasText: 'Ce canal est archivé' }),
  ).toBeVisible();
  await expect(adam.chat.thread.getByRole('combobox', { name: 'Message' })).toHaveCount(0);

  // Mia's open view turned read-only live: the notice stands where the composer was.
  const notice = mia.page.getByRole('status').filter({ hasText: 'Ce canal est archivé' });
  await expect(notice).toBeVisible();
  await expect(mia.chat.composer).toHaveCount(0);
  await expect(notice.getByRole('button', { name: 'Désarchiver le canal' })).toHaveCount(0);
  await expect(mia.page.getByText('Bienvenue dans le projet')).toBeVisible();
  await shot(mia.page, 'phone-archived-channel');

  // In her sidebar, under « Archivés », not among the channels.
  await mia.shell.mobileMenuButton.click();
  const archived = mia.channels.sidebar.getByRole('list', { name: 'Canaux archivés' });
  await expect(archived.getByRole('link', { name: renamed })).toBeVisible();
  await expect(
    mia.channels.sidebar
      .getByRole('list', { name: 'Canaux', exact: true })
      .getByRole('link', { name: renamed }),
  ).toHaveCount(0);
  await shot(mia.page, 'phone-sidebar-archived');
});

test.describe('the console’s « Canaux »', () => {
  // A server of its own, whose first account administers it.
  let server: E2eServer;
  test.beforeAll(async () => {
    test.setTimeout(180_000);
    server = await startE2eServer();
  });
  test.afterAll(async () => server?.stop());

  async function open(browser: Browser, name: string): Promise<Actor> {
    const context = await browser.newContext({
      baseURL: server.url,
      locale: 'fr-FR',
      viewport: DESKTOP,
    });
    return new Actor(name, context, await context.newPage());
  }

  test('an administrator lists a private group without its content, archives it, then deletes it', async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const root = await open(browser, 'Alice');
    const bob = await open(browser, 'Bob');
    const carol = await open(browser, 'Carol');
    try {
      await root.signUpViaApi({ displayName: 'Alice' });
      await bob.arrive();
      const name = `secret-${Math.random().toString(36).slice(2, 7)}`;
      const channelId = await bob.channels.createChannel({ name, type: 'Groupe privé' });
      await bob.chat.send('Contenu confidentiel');
      await carol.signUpViaApi({ displayName: 'Carol' });
      await join(bob, carol, channelId);

      await root.page.goto('/admin/channels');
      const list = root.page.getByRole('list', { name: 'Canaux de l’espace de travail' });
      const row = list.getByRole('listitem', { name, exact: true });
      await expect(row).toContainText('Privé');
      await expect(row).toContainText('2 membres');
      await expect(row).toContainText('Bob');
      await expect(root.page.getByText('Contenu confidentiel')).toHaveCount(0);
      await root.page.screenshot({ path: `${SHOTS}/channel-admin-console-1440.png` });

      // Handed over to Carol from the console.
      await row.getByRole('button', { name: `Actions pour ${name}` }).click();
      await root.page.getByRole('menuitem', { name: 'Transférer la propriété…' }).click();
      const handOver = root.page.getByRole('alertdialog', { name: /^Transférer «\s/ });
      await handOver.getByRole('combobox', { name: 'Nouveau propriétaire' }).click();
      await root.page.getByRole('option', { name: 'Carol' }).click();
      await handOver.getByRole('button', { name: 'Transférer' }).click();
      await expect(row).toContainText('Carol');

      // Archived from the console: Bob's open channel turns read-only at once.
      await row.getByRole('button', { name: `Actions pour ${name}` }).click();
      await root.page.getByRole('menuitem', { name: 'Archiver le canal' }).click();
      await expect(row).toContainText('Archivé');
      await expect(
        bob.page.getByRole('status').filter({ hasText: 'Ce canal est archivé' }),
      ).toBeVisible();

      // On a phone, the same list.
      await root.page.setViewportSize(PHONE);
      await expect(row).toBeVisible();
      await root.page.screenshot({ path: `${SHOTS}/channel-admin-console-390.png` });
      await root.page.setViewportSize(DESKTOP);

      // Deleted: gone from the console and from Bob's sidebar.
      await row.getByRole('button', { name: `Actions pour ${name}` }).click();
      await root.page.getByRole('menuitem', { name: 'Supprimer le canal' }).click();
      const confirm = root.page.getByRole('alertdialog', { name: /^Supprimer «\s/ });
      await confirm.getByRole('button', { name: 'Supprimer définitivement' }).click();
      await expect(row).toHaveCount(0);
      await expect(bob.page).not.toHaveURL(new RegExp(channelId));
      await expect(bob.channels.channelLink(name)).toHaveCount(0);
    } finally {
      await root.context.close();
      await bob.context.close();
      await carol.context.close();
    }
  });
});
