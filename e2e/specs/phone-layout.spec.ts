import type { Locator, Page } from '@playwright/test';
import { type Actor, expect, PHONE, test } from '../fixtures';

/**
 * Issue 45 item D12: on a phone (390×844) the messages keep the screen. The chrome above and
 * below the message list (the channel's one header with its tabs, the composer, the bottom
 * navigation) leaves the list at least 70 % of the height, in a channel with a one-line
 * composer; every action the header folds away stays one tap away, with 44 px targets.
 */

const MIN_LIST_SHARE = 0.7;
const MIN_TARGET_PX = 44;

interface Band {
  name: string;
  y: number;
  height: number;
}

async function band(name: string, locator: Locator): Promise<Band | null> {
  if ((await locator.count()) === 0) return null;
  const box = await locator.first().boundingBox();
  return box ? { name, y: Math.round(box.y), height: Math.round(box.height) } : null;
}

/** The bands of the phone's screen, top to bottom, logged for the report; the list's box. */
async function measure(page: Page, label: string) {
  const main = page.getByRole('main');
  const bands = (
    await Promise.all([
      band('app header', page.getByRole('banner').filter({ visible: true })),
      band('channel header', main.locator('header').filter({ visible: true })),
      band(
        'tabs',
        main.getByRole('tablist', { name: 'Sections du canal' }).filter({ visible: true }),
      ),
      band('message list', main.getByRole('log', { name: 'Messages' }).filter({ visible: true })),
      band('composer', main.locator('[data-composer]').filter({ visible: true })),
      band(
        'bottom nav',
        page.getByRole('navigation', { name: 'Navigation principale' }).filter({ visible: true }),
      ),
    ])
  ).filter((b): b is Band => b !== null);
  const summary = bands
    .map(
      (b) => `${b.name} ${b.height}px (${((b.height / PHONE.height) * 100).toFixed(1)} %) @${b.y}`,
    )
    .join(' · ');
  test.info().annotations.push({ type: `bands: ${label}`, description: summary });
  console.log(`[phone-layout] ${label}: ${summary}`);
  return bands;
}

async function expectListShare(page: Page, label: string) {
  const bands = await measure(page, label);
  const list = bands.find((b) => b.name === 'message list');
  expect(list, 'the message list is on screen').toBeTruthy();
  expect
    .soft(list!.height / PHONE.height, `${label}: the list’s share`)
    .toBeGreaterThanOrEqual(MIN_LIST_SHARE);
}

async function userId(actor: Actor): Promise<string> {
  const res = await actor.page.request.get('/api/auth/user');
  return ((await res.json()) as { id: string }).id;
}

async function post(actor: Actor, channelId: string, content: string, parentMessageId?: string) {
  const res = await actor.page.request.post(`/api/channels/${channelId}/messages`, {
    data: {
      content,
      clientId: crypto.randomUUID(),
      ...(parentMessageId ? { parentMessageId } : {}),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: string };
}

/** A button of the phone's header: on screen, named, and a 44 px target at least. */
async function expectTarget(button: Locator) {
  await expect(button).toBeVisible();
  const box = await button.boundingBox();
  expect(box!.width, 'target width').toBeGreaterThanOrEqual(MIN_TARGET_PX);
  expect(box!.height, 'target height').toBeGreaterThanOrEqual(MIN_TARGET_PX);
}

test('a phone keeps the messages in view: channel, thread, board, direct message', async ({
  actor,
}, testInfo) => {
  test.setTimeout(150_000);
  const alice = await actor('Alice', { viewport: PHONE });
  const bob = await actor('Bob');
  await alice.signUpViaApi({ displayName: 'Alice' });
  await bob.signUpViaApi({ displayName: 'Bob' });
  const name = `equipe-${Date.now().toString(36)}`;
  const made = await alice.page.request.post('/api/channels', {
    data: { name, type: 'channel', description: 'Le canal de l’équipe produit' },
  });
  const channel = (await made.json()) as { id: string };
  let root = { id: '' };
  for (let index = 1; index <= 24; index++) {
    const sent = await post(alice, channel.id, `Message numéro ${index} du fil de l’équipe`);
    if (index === 20) root = sent;
  }
  await post(alice, channel.id, 'Une réponse dans le fil', root.id);
  const board = await alice.page.request.post(`/api/channels/${channel.id}/boards`, {
    data: { name: 'Sprint' },
  });
  const { id: boardId } = (await board.json()) as { id: string };
  await alice.page.request.post(`/api/boards/${boardId}/lists`, { data: { name: 'À faire' } });

  const { page } = alice;
  await page.goto(`/channel/${channel.id}`);
  await expect(alice.chat.message('Message numéro 24')).toBeVisible();
  await expect(alice.chat.composer).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-channel.png') });
  await expectListShare(page, 'channel');

  // One header: the app's top bar gives way to the channel's, which carries its menu and bell.
  await expect(page.getByRole('banner')).toHaveCount(0);
  const header = page.getByRole('main').locator('header');
  const menuButton = header.getByRole('button', { name: 'Ouvrir le menu' });
  for (const button of [
    menuButton,
    header.getByRole('button', { name: 'Notifications', exact: true }),
    header.getByRole('button', { name: 'Rejoindre le vocal' }),
    header.getByRole('button', { name: 'Plus d’actions du canal' }),
    header.getByRole('button', { name, exact: true }),
  ]) {
    await expectTarget(button);
  }
  for (const tab of ['Discussion', 'Tableau', 'Fichiers', 'Membres'] as const) {
    await expectTarget(alice.channels.tab(tab));
  }

  // The composer is one line until it is focused; then its toolbar shows.
  const send = page.getByRole('button', { name: 'Envoyer', exact: true });
  await expect(send).toBeHidden();
  await alice.chat.composer.click();
  await expect(send).toBeVisible();
  await expect(page.getByRole('button', { name: 'Joindre des fichiers' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-channel-composing.png') });
  await alice.chat.send('Et un message de plus');
  await page.getByRole('log', { name: 'Messages' }).click({ position: { x: 10, y: 10 } });
  await expect(send).toBeHidden();

  // « ⋯ » unfolds the channel's other actions, each a 44 px target.
  const more = header.getByRole('button', { name: 'Plus d’actions du canal' });
  await expect(header.getByRole('button', { name: 'Options du canal' })).toBeHidden();
  await more.click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  for (const button of [
    header.getByRole('button', { name: 'Notifications du canal' }),
    header.getByTestId('pins-button'),
    header.getByRole('button', { name: 'Trouver un créneau' }),
    header.getByRole('button', { name: 'Options du canal' }),
  ]) {
    await expectTarget(button);
  }
  await page.screenshot({ path: testInfo.outputPath('phone-channel-actions.png') });
  const menu = await alice.channels.openChannelMenu();
  await expect(menu.getByRole('menuitem', { name: 'Inviter des membres' })).toBeVisible();
  await page.keyboard.press('Escape');
  await more.click();
  await expect(header.getByRole('button', { name: 'Options du canal' })).toBeHidden();

  // The title opens the members.
  await header.getByRole('button', { name, exact: true }).click();
  await expect(alice.channels.tab('Membres')).toHaveAttribute('aria-selected', 'true');
  await expect(alice.channels.members()).toHaveCount(1);
  await alice.channels.tab('Discussion').click();

  // The slide-in menu holds the theme and the user menu; closing it gives the focus back.
  await menuButton.click();
  const sheet = page.getByRole('dialog');
  await expect(sheet.getByRole('button', { name: /^Passer au thème/ })).toBeVisible();
  await expect(sheet.getByRole('button', { name: /menu utilisateur de /i })).toBeVisible();
  await expect(sheet.getByRole('navigation', { name: 'Canaux et conversations' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
  await expect(menuButton).toBeFocused();

  // A thread: full screen over the channel.
  await alice.chat
    .message('Message numéro 20')
    .getByRole('button', { name: /1 réponse/ })
    .click();
  await expect(alice.chat.thread).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-thread.png') });
  const threadBands = await Promise.all([
    band('thread header', alice.chat.thread.locator('header')),
    band('thread composer', alice.chat.thread.locator('[data-composer]')),
  ]);
  console.log(
    `[phone-layout] thread: ${threadBands.map((b) => `${b?.name} ${b?.height}px`).join(' · ')}`,
  );
  await alice.chat.thread.getByRole('button', { name: 'Fermer le fil' }).click();
  await expect(alice.chat.thread).toBeHidden();

  // The board tab.
  await alice.channels.tab('Tableau').click();
  await expect(alice.board.column('À faire')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('phone-board.png') });
  await measure(page, 'board');
  await alice.channels.tab('Discussion').click();

  // A direct conversation: the call stays in the row.
  const direct = await page.request.post('/api/channels/direct', {
    data: { recipientId: await userId(bob) },
  });
  const dm = (await direct.json()) as { id: string };
  for (let index = 1; index <= 12; index++) await post(bob, dm.id, `Bob écrit ${index}`);
  await page.goto(`/channel/${dm.id}`);
  await expect(alice.chat.message('Bob écrit 12')).toBeVisible();
  await expectTarget(header.getByRole('button', { name: 'Appel vidéo' }));
  await page.screenshot({ path: testInfo.outputPath('phone-direct.png') });
  await expectListShare(page, 'direct');

  // Elsewhere (the calendar) the app's top bar is back.
  await page
    .getByRole('navigation', { name: 'Navigation principale' })
    .getByRole('link', { name: 'Agenda' })
    .click();
  await expect(
    page.getByRole('banner').getByRole('button', { name: 'Ouvrir le menu' }),
  ).toBeVisible();
});

test('desktop keeps its header, actions and composer toolbar', async ({ alice }) => {
  await alice.signUpViaApi({ displayName: 'Alice' });
  const made = await alice.page.request.post('/api/channels', {
    data: { name: `bureau-${Date.now().toString(36)}`, type: 'channel' },
  });
  const channel = (await made.json()) as { id: string };
  await alice.page.goto(`/channel/${channel.id}`);
  const header = alice.page.getByRole('main').locator('header');
  await expect(header.getByRole('button', { name: 'Options du canal' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Trouver un créneau' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Plus d’actions du canal' })).toHaveCount(0);
  await expect(alice.page.getByRole('button', { name: 'Joindre des fichiers' })).toBeVisible();
});
