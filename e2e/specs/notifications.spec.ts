import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, PHONE, sharedChannel, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

/** The browser answers "denied" to any permission request (a user who refuses). */
async function refuseNotifications(who: Actor): Promise<void> {
  await who.context.addInitScript(() => {
    const KEY = 'e2e.notificationPermission';
    Object.defineProperty(Notification, 'permission', {
      get: () => localStorage.getItem(KEY) ?? 'default',
    });
    Notification.requestPermission = async () => {
      localStorage.setItem(KEY, 'denied');
      return 'denied';
    };
  });
}

async function userIdOf(who: Actor): Promise<string> {
  const res = await who.page.request.get('/api/auth/user');
  return ((await res.json()) as { id: string }).id;
}

function poster(author: Actor, channelId: string) {
  return async (content: string, mentions: string[] = []) => {
    const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
      data: { content, mentions, clientId: crypto.randomUUID() },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return ((await sent.json()) as { id: string }).id;
  };
}

test.describe('notifications', () => {
  test('bob is mentioned: the badge comes live, the item opens the message, all read', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(60_000);
    await refuseNotifications(bob);
    await Promise.all([
      alice.signUpViaApi({ displayName: 'Alice' }),
      bob.signUpViaApi({ displayName: 'Bob' }),
    ]);
    const name = unique('produit');
    const channelId = await sharedChannel(alice, bob, name);
    const other = await sharedChannel(alice, bob, unique('annonces'));
    const bobId = await userIdOf(bob);

    // Somewhere with no channel open: '/' would open one, and reading it reads its items.
    await bob.page.goto('/settings');
    await expect(bob.notifications.bell).toBeVisible();
    await expect(bob.notifications.badge).toHaveCount(0);

    // Live: no reload between alice's messages and bob's badge.
    const said = poster(alice, channelId);
    const messageId = await said('@Bob peux-tu relire la maquette ?', [bobId]);
    await expect(bob.notifications.badge).toHaveText('1');
    await expect(bob.notifications.bell).toHaveAccessibleName('Notifications, 1 non lue');
    const elsewhere = poster(alice, other);
    await elsewhere('Réunion à 15 h');
    await elsewhere('Salle B');
    await expect(bob.notifications.badge).toHaveText('2');

    await bob.notifications.open();
    await expect(bob.notifications.items).toHaveCount(2);
    await expect(bob.notifications.items.nth(0)).toContainText(
      '2 nouveaux messages dans #annonces-',
    );
    await expect(bob.notifications.items.nth(1)).toContainText(
      `Alice vous a mentionné dans #${name}`,
    );
    await expect(bob.notifications.items.nth(1)).toContainText('peux-tu relire la maquette');
    await shot(bob.page, 'notifications-list-desktop');
    // The list open, live: a message that folds into the item grows it here (the server
    // sends nothing for it; the page folds the message it had).
    await elsewhere('Salle C, finalement');
    await expect(bob.notifications.items.nth(0)).toContainText(
      '3 nouveaux messages dans #annonces-',
    );
    await expect(bob.notifications.items.nth(0)).toContainText('Salle C, finalement');
    await expect(bob.notifications.items).toHaveCount(2);
    await expect(bob.notifications.badge).toHaveText('2');

    // The permission is refused: the banner goes, the app goes on.
    await bob.notifications.banner.getByRole('button', { name: 'Activer' }).click();
    await expect(bob.notifications.banner).toHaveCount(0);

    await bob.notifications.items.nth(1).click();
    await expect(bob.page).toHaveURL(new RegExp(`/channel/${channelId}$`));
    await expect(bob.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(bob.page.locator(`[data-message-id="${messageId}"]`)).toBeVisible();
    await expect(bob.notifications.badge).toHaveText('1');

    // The channel's own setting, from its header.
    await bob.page.getByRole('button', { name: 'Notifications du canal' }).click();
    const menu = bob.page.getByRole('menu');
    await menu.getByRole('menuitemradio', { name: 'Mentions seulement' }).click();
    await bob.page.getByRole('button', { name: 'Notifications du canal' }).click();
    await expect(menu.getByRole('menuitemradio', { name: 'Mentions seulement' })).toBeChecked();
    await shot(bob.page, 'notifications-channel-menu-desktop');
    await bob.page.keyboard.press('Escape');
    const setting = await bob.page.request.get(`/api/channels/${channelId}/notification-settings`);
    expect(await setting.json()).toMatchObject({ level: 'mentions', muted: false });

    await bob.notifications.open();
    await bob.notifications.markAllRead.click();
    await expect(bob.notifications.badge).toHaveCount(0);
    await expect(bob.notifications.items.nth(0)).toHaveAttribute('data-read', 'true');
    // Two messages at once start a new item: the second may come before the item it folds
    // into (made after the first one's send), and is counted once either way.
    await Promise.all([elsewhere('Vous venez ?'), elsewhere('On commence.')]);
    await expect(bob.notifications.badge).toHaveText('1');
    await expect(bob.notifications.items.nth(0)).toContainText(
      '2 nouveaux messages dans #annonces-',
    );
    await expect(bob.notifications.items).toHaveCount(3);
    await bob.page.keyboard.press('Escape');

    // Settings: the six switches and the toast; desktop notifications say they are blocked.
    await bob.page.goto('/settings');
    const card = bob.page.getByRole('region', { name: 'Notifications', exact: true });
    for (const label of [
      'Mentions et réponses dans vos fils',
      'Messages directs',
      'Messages des canaux',
      'Réactions à vos messages',
      'Ajouts à un canal ou une conversation',
      'Notifications système',
    ]) {
      await expect(card.getByRole('switch', { name: label })).toBeChecked();
    }
    await expect(card).toContainText('bloquées par votre navigateur');
    await card.getByRole('switch', { name: 'Réactions à vos messages' }).click();
    await expect(bob.shell.toast.filter({ hasText: 'Préférences mises à jour' })).toBeVisible();
    await shot(bob.page, 'notifications-settings-desktop');
  });

  test('a channel bob reads as it comes makes him no "new messages" item; a mention there does', async ({
    alice,
    bob,
  }) => {
    await Promise.all([
      alice.signUpViaApi({ displayName: 'Alice' }),
      bob.signUpViaApi({ displayName: 'Bob' }),
    ]);
    const name = unique('chantier');
    const channelId = await sharedChannel(alice, bob, name);
    const other = await sharedChannel(alice, bob, unique('cafe'));
    const bobId = await userIdOf(bob);
    // What bob's tab says it reads, and the notifications it is sent, from its socket.
    const reading: Array<string | null> = [];
    const made: string[] = [];
    const framesOf = (payload: string | Buffer) => {
      const data = JSON.parse(String(payload)) as unknown;
      return (Array.isArray(data) ? data : [data]) as Array<Record<string, unknown>>;
    };
    bob.page.on('websocket', (socket) => {
      socket.on('framesent', ({ payload }) => {
        for (const f of framesOf(payload))
          if (f.type === 'tab_visibility') reading.push((f.reading as string | null) ?? null);
      });
      socket.on('framereceived', ({ payload }) => {
        for (const f of framesOf(payload))
          if (f.type === 'new_notification') made.push((f.notification as { type: string }).type);
      });
    });

    await bob.page.goto(`/channel/${channelId}`);
    await expect(bob.page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect.poll(() => reading.at(-1)).toBe(channelId);
    const said = poster(alice, channelId);
    // The same channel's notifications are made in order: once the mention's item arrives,
    // the plain message before it was handled — and made bob nothing.
    await said('Je lance le déploiement');
    await said('@Bob tu valides ?', [bobId]);
    await expect.poll(() => made).toEqual(['mention']);

    // Reading another channel, bob gets the first one's news.
    await bob.page.goto(`/channel/${other}`);
    await expect.poll(() => reading.at(-1)).toBe(other);
    await said('Déploiement terminé');
    await expect.poll(() => made).toEqual(['mention', 'channel_message']);
    await expect(bob.notifications.badge).toHaveText('1');
    await bob.notifications.open();
    await expect(bob.notifications.items.nth(0)).toContainText(`Nouveau message dans #${name}`);
  });

  test('an edit that mentions bob rings the bell once; deleting the message empties it live', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(60_000);
    await refuseNotifications(bob);
    await Promise.all([
      alice.signUpViaApi({ displayName: 'Alice' }),
      bob.signUpViaApi({ displayName: 'Bob' }),
    ]);
    const channelId = await sharedChannel(alice, bob, unique('edition'));
    await bob.page.goto('/settings');
    await expect(bob.notifications.bell).toBeVisible();

    const messageId = await poster(alice, channelId)('Qui relit la maquette ?');
    await expect(bob.notifications.badge).toHaveText('1');
    const edit = (content: string) =>
      alice.page.request
        .patch(`/api/messages/${messageId}`, { data: { content } })
        .then((res) => expect(res.status()).toBe(200));
    await edit('Qui relit la maquette ? @Bob');
    await expect(bob.notifications.badge).toHaveText('2');
    await bob.notifications.open();
    await expect(bob.notifications.items).toHaveCount(2);
    await expect(bob.notifications.items.nth(0)).toContainText(
      'Alice vous a mentionné dans #edition-',
    );
    // A second edit keeps the mention: nothing more.
    await edit('Qui relit la maquette ? @Bob merci');
    await edit('Qui relit la maquette ? @Bob merci !');
    const count = await bob.page.request.get('/api/notifications/unread-count');
    expect(await count.json()).toEqual({ count: 2 });
    await expect(bob.notifications.items).toHaveCount(2);

    // Alice deletes the message: the items leave bob's open list and badge, no reload.
    const deleted = await alice.page.request.delete(`/api/messages/${messageId}`);
    expect(deleted.status()).toBe(204);
    await expect(bob.notifications.items).toHaveCount(0);
    await expect(bob.notifications.badge).toHaveCount(0);
    await shot(bob.page, 'notifications-deleted-desktop');
  });

  test('on a phone the bell sits in the top bar and its list fits the screen', async ({
    actor,
  }) => {
    test.setTimeout(60_000);
    const alice = await actor('Alice');
    const bob = await actor('Bob', { viewport: PHONE });
    await Promise.all([
      alice.signUpViaApi({ displayName: 'Alice' }),
      bob.signUpViaApi({ displayName: 'Bob' }),
    ]);
    const channelId = await sharedChannel(alice, bob, unique('mobile'));
    const say = poster(alice, channelId);
    const bobId = await userIdOf(bob);
    await bob.page.goto('/settings');
    await expect(bob.notifications.bell).toBeVisible();
    await say('@Bob un point rapide', [bobId]);
    await expect(bob.notifications.badge).toHaveText('1');
    await bob.notifications.open();
    await expect(bob.notifications.items).toHaveCount(1);
    const box = await bob.notifications.panel.boundingBox();
    expect(box?.width ?? 0).toBeLessThanOrEqual(PHONE.width);
    await shot(bob.page, 'notifications-list-phone');
  });
});
