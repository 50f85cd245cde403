import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, PHONE, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

/** Screenshots for review (desktop ones at 1440×900), taken with animations stopped. */
async function shot(page: Page, name: string): Promise<void> {
  if (name.startsWith('desktop')) await page.setViewportSize({ width: 1440, height: 900 });
  await page.screenshot({ path: `${SHOTS}/channels-${name}.png`, animations: 'disabled' });
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

async function createChannelViaApi(owner: Actor, name: string, type = 'channel') {
  const res = await owner.page.request.post('/api/channels', { data: { name, type } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** A channel and its invite code made through the API (for specs about what comes after). */
async function channelWithInvite(owner: Actor, name: string) {
  const created = await owner.page.request.post('/api/channels', {
    data: { name, description: 'Préparer la rentrée', type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const channel = (await created.json()) as { id: string };
  const invite = await owner.page.request.post(`/api/channels/${channel.id}/invites`);
  expect(invite.ok(), await invite.text()).toBe(true);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  return { id: channel.id, code: inviteCode };
}

test.describe('channels', () => {
  // Two or three actors (each an argon2 sign-up) per flow: give loaded CI machines room.
  test.describe.configure({ timeout: 180_000 });

  test('alice creates a channel and invites bob by code; bob joins and alice sees him', async ({
    alice,
    bob,
  }) => {
    await Promise.all([alice.arrive(), bob.arrive()]);
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const name = unique('lancement');

    // Create: docs/product.md §5 name required, then a private group with a description.
    await alice.channels.fillCreateDialog({ name: '', type: 'Groupe privé' });
    await alice.channels.createDialog.getByRole('button', { name: 'Créer le canal' }).click();
    await expect(alice.channels.createDialog.getByRole('alert')).toHaveText(
      'Le nom du canal est requis',
    );
    await alice.channels.createDialog.getByLabel('Nom', { exact: true }).fill(name);
    await alice.channels.createDialog
      .getByLabel(/^Description/)
      .fill('Coordination du lancement produit');
    await shot(alice.page, 'desktop-create-channel-dialog');
    await alice.channels.createDialog.getByRole('button', { name: 'Créer le canal' }).click();
    await expect(alice.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await expect(alice.channels.heading(name)).toBeVisible();
    await expect(alice.channels.channelLink(name)).toHaveAttribute('aria-current', 'page');
    await expect(alice.page.getByText('Coordination du lancement produit')).toBeVisible();

    // Invite: the active code, copied with a "copied" state and a toast.
    const code = await alice.channels.openInviteDialog();
    await expect(alice.channels.inviteDialog.getByLabel('Lien d’invitation')).toHaveValue(
      new RegExp(`/join-channel/${code}$`),
    );
    await alice.channels.inviteDialog.getByRole('button', { name: 'Copier le code' }).click();
    await expect(alice.channels.inviteDialog.getByRole('button', { name: 'Copié' })).toBeVisible();
    // While a modal dialog is open the toast region is aria-hidden: find the toast by text.
    await expect(alice.channels.toastText('Code copié')).toBeVisible();
    expect(await alice.page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await shot(alice.page, 'desktop-invite-dialog');
    await alice.channels.inviteDialog.getByRole('button', { name: 'Fermer' }).click();
    await expect(alice.channels.inviteDialog).toBeHidden();

    // Alice keeps the members tab open: bob will appear in it live.
    await alice.channels.tab('Membres').click();
    await expect(alice.channels.members()).toHaveCount(1);

    // Bob: the three steps, with the code upper-cased as typed.
    await bob.channels.openJoinCodeDialog();
    const continueButton = bob.channels.joinCodeDialog.getByRole('button', { name: 'Continuer' });
    await expect(continueButton).toBeDisabled();
    await bob.channels.joinCodeDialog.getByLabel('Code d’invitation').fill('zzzz9999');
    await expect(bob.channels.joinCodeDialog.getByLabel('Code d’invitation')).toHaveValue(
      'ZZZZ9999',
    );
    await continueButton.click();
    await expect(bob.channels.joinCodeDialog.getByRole('alert')).toContainText(
      'Ce code d’invitation n’est pas valide ou a expiré',
    );
    await bob.channels.joinCodeDialog.getByRole('button', { name: 'Réessayer' }).click();
    await bob.channels.joinCodeDialog.getByLabel('Code d’invitation').fill(code.toLowerCase());
    await continueButton.click();
    await expect(bob.channels.joinCodeDialog.getByText(`Rejoindre « ${name} » ?`)).toBeVisible();
    await expect(bob.channels.joinCodeDialog.getByText('Invité par Alice')).toBeVisible();
    await shot(bob.page, 'desktop-join-code-dialog');
    await bob.channels.joinCodeDialog
      .getByRole('button', { name: 'Rejoindre', exact: true })
      .click();
    await expect(bob.channels.toast).toContainText('Groupe rejoint !');
    await expect(bob.channels.joinCodeDialog).toBeHidden();
    await expect(bob.page).toHaveURL(/\/$/);
    await expect(bob.channels.heading(name)).toBeVisible();
    await expect(bob.channels.channelLink(name)).toBeVisible();

    // Alice: the open members tab lists bob (live), removable by her (the creator), not herself.
    await expect(alice.channels.members()).toHaveCount(2);
    const bobRow = alice.channels.members().filter({ hasText: 'Bob' });
    await expect(bobRow).toContainText('Membre');
    await expect(alice.channels.members().filter({ hasText: 'Alice' })).toContainText(
      'Propriétaire',
    );
    await expect(bobRow.getByRole('button', { name: 'Retirer Bob du canal' })).toBeVisible();
    await expect(
      alice.channels.members().filter({ hasText: 'Alice' }).getByRole('button'),
    ).toHaveCount(0);
    await expect(alice.page.getByRole('button', { name: /2 membres/ })).toBeVisible();
    await shot(alice.page, 'desktop-members-tab');

    // Bob is not the owner: no delete entry in his menu.
    const bobMenu = await bob.channels.openChannelMenu();
    await expect(bobMenu.getByRole('menuitem', { name: 'Inviter des membres' })).toBeVisible();
    await expect(bobMenu.getByRole('menuitem', { name: 'Supprimer le canal' })).toHaveCount(0);
    await bob.page.keyboard.press('Escape');

    // The quick switcher jumps to a channel from the keyboard.
    await alice.channels.tab('Discussion').click();
    await alice.page.keyboard.press('Control+k');
    const switcher = alice.page.getByRole('combobox', { name: 'Aller à un canal ou une personne' });
    await switcher.fill(name.slice(0, 6));
    await expect(alice.page.getByRole('option', { name: new RegExp(name) })).toBeVisible();
    await shot(alice.page, 'desktop-quick-switcher');
    await alice.page.keyboard.press('Escape');
    await expect(switcher).toBeHidden();

    // Alice removes bob: confirmation, toast, and bob loses the channel.
    await alice.channels.tab('Membres').click();
    await bobRow.getByRole('button', { name: 'Retirer Bob du canal' }).click();
    await alice.page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Retirer du canal' })
      .click();
    await expect(alice.channels.toast).toContainText('Membre retiré');
    await expect(alice.channels.members()).toHaveCount(1);
    // Bob loses it live: gone from his sidebar, and his screen goes back to the welcome prompt.
    await expect(bob.channels.channelLink(name)).toHaveCount(0);
    await expect(bob.shell.welcomePrompt).toBeVisible();
  });

  test('a direct message is started from the dialog and opens /channel/{id}', async ({
    alice,
    bob,
  }) => {
    await Promise.all([alice.arrive(), bob.arrive()]);
    const general = unique('annonces');
    await createChannelViaApi(alice, general);
    await createChannelViaApi(alice, unique('design'), 'group');
    await createChannelViaApi(alice, unique('standup'), 'voice');
    await alice.page.reload();
    // docs/product.md §2: the first channel is selected by default at /.
    await expect(alice.channels.heading(general)).toBeVisible();

    await alice.channels.directSection
      .getByRole('button', { name: 'Nouvelle conversation' })
      .click();
    const start = alice.channels.directDialog.getByRole('button', {
      name: 'Démarrer la conversation',
    });
    await expect(start).toBeDisabled();
    await alice.channels.directDialog.getByRole('searchbox').fill('personne-introuvable-xyz');
    await expect(alice.channels.directDialog.getByText('Aucun résultat')).toBeVisible();
    await alice.channels.directDialog.getByRole('searchbox').fill(bob.email);
    const bobOption = alice.channels.directDialog.getByRole('radio', {
      name: new RegExp(bob.email),
    });
    await bobOption.click();
    await expect(bobOption).toHaveAttribute('aria-checked', 'true');
    await expect(start).toBeEnabled();
    await shot(alice.page, 'desktop-direct-dialog');
    await start.click();

    await expect(alice.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await expect(alice.channels.directDialog).toBeHidden();
    await expect(alice.channels.heading('Bob')).toBeVisible();
    await expect(alice.channels.directSection.getByRole('link', { name: /^Bob/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    // A direct conversation: a video-call button (e2e/specs/calls.spec.ts), and no members tab.
    await expect(alice.page.getByRole('button', { name: 'Appel vidéo' })).toBeEnabled();
    await expect(alice.channels.tab('Membres')).toHaveCount(0);
    const dmUrl = alice.page.url();
    const dmId = dmUrl.split('/').pop()!;

    // Away from the conversation, bob's messages raise a live unread badge on it.
    await alice.channels.channelLink(general).click();
    await expect(alice.channels.heading(general)).toBeVisible();
    for (const content of ['Salut Alice !', 'Tu as vu le planning ?']) {
      const sent = await bob.page.request.post(`/api/channels/${dmId}/messages`, {
        data: { content, clientId: crypto.randomUUID() },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
    }
    const bobLink = alice.channels.directSection.getByRole('link', { name: /^Bob/ });
    await expect(bobLink.getByRole('status')).toHaveAccessibleName('2 messages non lus');
    await shot(alice.page, 'desktop-sidebar');
    await bobLink.click();
    await expect(bobLink.getByRole('status')).toHaveCount(0);
    // Never read before (she opened it empty): the line is above bob's first message.
    await expect(alice.chat.firstNewMessage).toContainText('Salut Alice !');

    // Bob sees the same conversation appear live, named after alice.
    await bob.channels.directSection.getByRole('link', { name: 'Alice' }).click();
    await expect(bob.page).toHaveURL(dmUrl);
    await expect(bob.channels.heading('Alice')).toBeVisible();
  });

  test('the invite page shows the invitation to a third user, who joins', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const name = unique('rentree');
    const { id, code } = await channelWithInvite(alice, name);
    const carol = await actor('Carol');
    await carol.arrive();

    await carol.page.goto(`/join-channel/${code}`);
    await expect(carol.page.getByRole('heading', { name })).toBeVisible();
    await expect(carol.page.getByText('Alice vous invite à rejoindre')).toBeVisible();
    await shot(carol.page, 'desktop-join-page');
    await carol.page.getByRole('button', { name: 'Rejoindre le canal' }).click();
    await expect(carol.channels.toast).toContainText('Canal rejoint !');
    // docs/product.md §2.17: once joined, the channel opens.
    await expect(carol.page).toHaveURL(new RegExp(`/channel/${id}$`));
    await expect(carol.channels.heading(name)).toBeVisible();

    // Already a member now: the page offers the conversation instead.
    await carol.page.goto(`/join-channel/${code}`);
    await expect(carol.page.getByText(`Vous faites déjà partie de « ${name} ».`)).toBeVisible();
    await carol.page.getByRole('link', { name: 'Ouvrir les messages' }).click();
    await expect(carol.page).toHaveURL(new RegExp(`/channel/${id}$`));

    // An unknown code, then a signed-out visitor.
    await carol.page.goto('/join-channel/AAAA2222');
    await expect(carol.page.getByRole('heading', { name: 'Invitation invalide' })).toBeVisible();
    await expect(carol.page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    // A signed-out visitor is asked to sign in, and would come back here (sign-in-return.spec.ts).
    const visitor = await actor('Dan');
    await visitor.page.goto(`/join-channel/${code}`);
    await expect(visitor.page).toHaveURL(
      new RegExp(`/login\\?next=${encodeURIComponent(`/join-channel/${code}`)}$`),
    );
  });

  test('bob browses the public channels, joins one, then leaves it', async ({ alice, bob }) => {
    await Promise.all([alice.arrive(), bob.arrive()]);
    const name = unique('entraide');
    const id = await createChannelViaApi(alice, name);

    await bob.channels.channelsSection
      .getByRole('button', { name: 'Parcourir les canaux' })
      .click();
    await bob.channels.browseDialog.getByRole('searchbox').fill(name);
    await expect(bob.channels.browseDialog.getByText(name, { exact: true })).toBeVisible();
    await expect(bob.channels.browseDialog.getByText('1 membre')).toBeVisible();
    await shot(bob.page, 'desktop-browse-dialog');
    await bob.channels.browseDialog.getByRole('button', { name: `Rejoindre ${name}` }).click();
    await expect(bob.page).toHaveURL(new RegExp(`/channel/${id}$`));
    await expect(bob.channels.heading(name)).toBeVisible();
    await expect(bob.channels.browseDialog).toBeHidden();
    await expect(bob.channels.channelLink(name)).toHaveAttribute('aria-current', 'page');

    // Alice keeps the members tab open: bob's departure shows there live.
    await alice.page.goto(`/channel/${id}`);
    await alice.channels.tab('Membres').click();
    await expect(alice.channels.members()).toHaveCount(2);
    await expect(alice.channels.members().filter({ hasText: 'Bob' })).toBeVisible();

    // Leaving: confirmation, then the channel is gone from his sidebar and he is home.
    const menu = await bob.channels.openChannelMenu();
    await expect(menu.getByRole('menuitem', { name: 'Supprimer le canal' })).toHaveCount(0);
    await menu.getByRole('menuitem', { name: 'Quitter le canal' }).click();
    const confirm = bob.page.getByRole('alertdialog', { name: `Quitter « ${name} » ?` });
    await shot(bob.page, 'desktop-leave-channel');
    await confirm.getByRole('button', { name: 'Quitter le canal' }).click();
    await expect(bob.channels.toast).toContainText(`Vous avez quitté « ${name} »`);
    await expect(bob.channels.channelLink(name)).toHaveCount(0);
    await expect(bob.page).toHaveURL(/\/$/);
    await expect(alice.channels.members()).toHaveCount(1);
    await expect(alice.channels.members().filter({ hasText: 'Bob' })).toHaveCount(0);
    await expect(alice.page.getByRole('button', { name: /^1 membre$/ })).toBeVisible();

    // The owner has no leave entry: she deletes the channel instead.
    const ownerMenu = await alice.channels.openChannelMenu();
    await expect(ownerMenu.getByRole('menuitem', { name: 'Quitter le canal' })).toHaveCount(0);
    await expect(ownerMenu.getByRole('menuitem', { name: 'Supprimer le canal' })).toBeVisible();
    await alice.page.keyboard.press('Escape');
  });

  test('the owner deletes a channel and lands on /', async ({ alice }) => {
    await alice.arrive();
    const keep = unique('garder');
    const doomed = unique('supprimer');
    await alice.channels.createChannel({ name: keep });
    await alice.channels.createChannel({ name: doomed, type: 'Canal public' });

    const menu = await alice.channels.openChannelMenu();
    await menu.getByRole('menuitem', { name: 'Supprimer le canal' }).click();
    await expect(alice.channels.deleteDialog).toContainText('Cette action est irréversible');
    await shot(alice.page, 'desktop-delete-dialog');
    await alice.channels.deleteDialog
      .getByRole('button', { name: 'Supprimer définitivement' })
      .click();
    await expect(alice.channels.toast).toContainText('Canal supprimé');
    await expect(alice.page).toHaveURL(/\/$/);
    await expect(alice.channels.channelLink(doomed)).toHaveCount(0);
    // The first remaining channel is selected by default at /.
    await expect(alice.channels.heading(keep)).toBeVisible();
    await expect(alice.channels.channelLink(keep)).toHaveAttribute('aria-current', 'page');
  });

  test('phone: the sidebar in the slide-in menu, a dialog, members and the join page', async ({
    actor,
  }) => {
    const alice = await actor('Alice', { viewport: PHONE });
    await alice.arrive();
    const name = unique('mobile');
    const { code } = await channelWithInvite(alice, name);
    await alice.page.reload();
    await expect(alice.channels.heading(name)).toBeVisible();
    await shot(alice.page, 'phone-channel-view');

    await alice.shell.mobileMenuButton.click();
    await expect(alice.channels.channelLink(name)).toBeVisible();
    await shot(alice.page, 'phone-sidebar');
    await alice.channels.channelsSection.getByRole('button', { name: 'Créer un canal' }).click();
    await expect(alice.channels.createDialog).toBeVisible();
    await shot(alice.page, 'phone-create-channel-dialog');
    await alice.page.keyboard.press('Escape');

    await alice.channels.tab('Membres').click();
    await expect(alice.channels.members()).toHaveCount(1);
    await shot(alice.page, 'phone-members-tab');

    // The narrowest supported phone: the header and the four tabs still fit (the channel's
    // options are folded under « ⋯ », docs/product.md §2.5).
    await alice.page.setViewportSize({ width: 360, height: 740 });
    await expect(alice.channels.tab('Membres')).toBeInViewport();
    await alice.page.getByRole('button', { name: 'Plus d’actions du canal' }).click();
    await expect(alice.page.getByRole('button', { name: 'Options du canal' })).toBeInViewport();
    await shot(alice.page, 'phone360-members-tab');

    const carol = await actor('Carol', { viewport: PHONE });
    await carol.arrive();
    await carol.page.goto(`/join-channel/${code}`);
    await expect(carol.page.getByRole('heading', { name })).toBeVisible();
    await shot(carol.page, 'phone-join-page');
  });
});
