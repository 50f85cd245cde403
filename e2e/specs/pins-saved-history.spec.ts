import { mkdirSync } from 'node:fs';
import { type Actor, expect, PHONE, sharedChannel, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function post(author: Actor, channelId: string, content: string): Promise<string> {
  const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
    data: { content, clientId: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

async function openMenu(actor: Actor, text: string) {
  await actor.chat.act(actor.chat.message(text), 'Plus d’actions');
  return actor.page.getByRole('menu');
}

test('a pin reaches another tab live, a saved message is in « Enregistrés », the history of two edits opens from « (modifié) »', async ({
  alice,
  bob,
  actor,
}) => {
  test.setTimeout(180_000);
  // The server's first account administers the workspace (and may pin anything): someone
  // else's, whichever spec runs first.
  await (await actor('Premier')).signUpViaApi({ displayName: 'Premier' });
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const name = `epingles-${Math.random().toString(36).slice(2, 7)}`;
  const channelId = await sharedChannel(alice, bob, name);
  await post(bob, channelId, 'Ordre du jour de lundi : budget, locaux, recrutement');
  await post(alice, channelId, 'Réunion à 10 h');
  // Bob's screens are looked at on a wide desktop (1440 px).
  await bob.page.setViewportSize({ width: 1440, height: 900 });
  await Promise.all([
    alice.page.goto(`/channel/${channelId}`),
    bob.page.goto(`/channel/${channelId}`),
  ]);

  const bobPins = bob.page.getByRole('button', { name: /messages? épinglés?/i });
  await expect(bobPins).toHaveAccessibleName('Messages épinglés');

  // Bob, a member, may not pin Alice's message: the entry is not offered.
  let menu = await openMenu(bob, 'Réunion à 10 h');
  await expect(menu.getByRole('menuitem', { name: 'Enregistrer' })).toBeVisible();
  await expect(menu.getByRole('menuitem', { name: 'Épingler' })).toHaveCount(0);
  await bob.page.keyboard.press('Escape');

  // Alice owns the channel: she pins Bob's message from its menu.
  menu = await openMenu(alice, 'Ordre du jour');
  await menu.getByRole('menuitem', { name: 'Épingler' }).click();
  await expect(alice.chat.message('Ordre du jour')).toContainText('Épinglé par Alice');

  // Bob's tab hears of it: the count in the header, the mark on the message.
  await expect(bobPins).toHaveAccessibleName('1 message épinglé');
  await expect(bob.chat.message('Ordre du jour')).toContainText('Épinglé par Alice');
  await bobPins.click();
  const panel = bob.page.getByRole('list', { name: 'Messages épinglés du canal' });
  await expect(panel.getByRole('link', { name: /^Aller au message de Bob/ })).toContainText(
    'budget, locaux',
  );
  await bob.page.screenshot({ path: `${SHOTS}/pins-panel-desktop.png` });
  await panel.getByRole('link', { name: /^Aller au message de Bob/ }).click();
  await expect(panel).toBeHidden();
  await expect(bob.chat.message('Ordre du jour')).toBeInViewport();

  // Bob saves it with the keyboard: the toolbar's « Plus d’actions », then the entry.
  const message = bob.chat.message('Ordre du jour');
  await message.hover();
  await message.getByRole('toolbar').getByRole('button', { name: 'Plus d’actions' }).press('Enter');
  await bob.page.getByRole('menuitem', { name: 'Enregistrer' }).press('Enter');
  await expect(bob.shell.toast.filter({ hasText: 'Message enregistré' })).toBeVisible();
  menu = await openMenu(bob, 'Ordre du jour');
  await expect(menu.getByRole('menuitem', { name: 'Retirer des enregistrés' })).toBeVisible();
  await bob.page.keyboard.press('Escape');

  await bob.shell.sidebar.getByRole('link', { name: 'Enregistrés' }).click();
  await expect(bob.page.getByRole('heading', { level: 1, name: 'Enregistrés' })).toBeVisible();
  const saved = bob.page.getByRole('list', { name: 'Messages enregistrés' });
  await expect(
    saved.getByRole('link', { name: `Ouvrir le message de Bob dans ${name}` }),
  ).toContainText('budget, locaux');
  await bob.page.screenshot({ path: `${SHOTS}/saved-desktop.png` });

  // Alice edits her message twice; Bob reads every version from « (modifié) ».
  await alice.chat.edit(alice.chat.message('Réunion à 10 h'), 'Réunion à **11 h**');
  await alice.chat.edit(alice.chat.message('Réunion à 11 h'), 'Réunion à **11 h**, salle B');
  await bob.page.goto(`/channel/${channelId}`);
  const edited = bob.chat.message('salle B');
  await edited.getByRole('button', { name: /^\(modifié\)/ }).click();
  const dialog = bob.page.getByRole('dialog', { name: 'Historique des modifications' });
  const versions = dialog.getByRole('listitem');
  await expect(versions).toHaveCount(3);
  await expect(versions.nth(0)).toContainText('Version actuelle');
  await expect(versions.nth(0)).toContainText('Réunion à 11 h, salle B');
  await expect(versions.nth(1)).toContainText('Version précédente');
  // Rendered as a message is: the bold is bold.
  await expect(versions.nth(1).locator('strong')).toHaveText('11 h');
  await expect(versions.nth(2)).toContainText('Version d’origine');
  await expect(versions.nth(2)).toContainText('Réunion à 10 h');
  await bob.page.screenshot({ path: `${SHOTS}/history-desktop.png` });
  await bob.page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();

  // Unpinned by its author (Bob may unpin his own message): gone from Alice's header live.
  menu = await openMenu(bob, 'Ordre du jour');
  await menu.getByRole('menuitem', { name: 'Désépingler' }).click();
  await expect(
    alice.page.getByRole('button', { name: /messages? épinglés?/i }),
  ).toHaveAccessibleName('Messages épinglés');
  await expect(alice.chat.message('Ordre du jour')).not.toContainText('Épinglé');
});

test('pins, saved messages and the history at phone size', async ({ actor }) => {
  test.setTimeout(180_000);
  const carol = await actor('Carol', { viewport: PHONE });
  const dan = await actor('Dan');
  await Promise.all([
    carol.signUpViaApi({ displayName: 'Carol' }),
    dan.signUpViaApi({ displayName: 'Dan' }),
  ]);
  const channelId = await sharedChannel(
    carol,
    dan,
    `tel-${Math.random().toString(36).slice(2, 7)}`,
  );
  const id = await post(
    dan,
    channelId,
    'Les clés du local sont chez la gardienne, au rez-de-chaussée',
  );
  expect((await carol.page.request.post(`/api/messages/${id}/pin`)).status()).toBe(201);
  expect((await carol.page.request.post(`/api/messages/${id}/save`)).status()).toBe(201);
  const edited = await dan.page.request.patch(`/api/messages/${id}`, {
    data: { content: 'Les clés du local sont chez la **gardienne**, au rez-de-chaussée, porte 2' },
  });
  expect(edited.ok()).toBe(true);

  await carol.page.goto(`/channel/${channelId}`);
  // On a phone the header folds the pins under « ⋯ » (docs/product.md §2.5).
  await carol.page.getByRole('button', { name: 'Plus d’actions du canal' }).click();
  const pins = carol.page.getByRole('button', { name: '1 message épinglé' });
  await expect(pins).toBeVisible({ timeout: 30_000 });
  await pins.click();
  const panel = carol.page.getByRole('list', { name: 'Messages épinglés du canal' });
  // Its text as the message shows it: the bold is bold, no ** marks.
  await expect(panel.locator('strong')).toHaveText('gardienne');
  await expect(panel).not.toContainText('**');
  const noOverflow = async () =>
    expect(
      await carol.page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(PHONE.width);
  await noOverflow();
  await carol.page.screenshot({ path: `${SHOTS}/pins-panel-phone.png` });
  await carol.page.keyboard.press('Escape');

  await carol.chat
    .message('porte 2')
    .getByRole('button', { name: /^\(modifié\)/ })
    .click();
  const dialog = carol.page.getByRole('dialog', { name: 'Historique des modifications' });
  await expect(dialog.getByRole('listitem')).toHaveCount(2);
  await noOverflow();
  await carol.page.screenshot({ path: `${SHOTS}/history-phone.png` });
  await carol.page.keyboard.press('Escape');

  await carol.page.goto('/saved');
  await expect(carol.page.getByRole('list', { name: 'Messages enregistrés' })).toContainText(
    'porte 2',
    { timeout: 30_000 },
  );
  await expect(
    carol.page.getByRole('list', { name: 'Messages enregistrés' }).locator('strong'),
  ).toHaveText('gardienne');
  await noOverflow();
  await carol.page.screenshot({ path: `${SHOTS}/saved-phone.png` });
});
