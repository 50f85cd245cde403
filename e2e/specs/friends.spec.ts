import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, PHONE, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/friends-${name}.png`, animations: 'disabled' });
}

test.describe('friends', () => {
  // Three sign-ups (argon2) and two live windows: give loaded machines room.
  test.describe.configure({ timeout: 180_000 });

  test('a request is sent, accepted and shows in both friend lists live; a DM is one click away', async ({
    alice,
    bob,
    actor,
  }) => {
    const carol = await actor('Carol');
    await Promise.all([alice.arrive(), bob.arrive(), carol.signUpViaApi({ displayName: 'Carol' })]);

    // Alice reaches the page from the rail, Bob by its address.
    await alice.shell.rail.getByRole('link', { name: 'Amis' }).click();
    await expect(alice.friends.heading).toBeVisible();
    await bob.page.goto('/friends');
    await expect(bob.friends.heading).toBeVisible();
    await alice.friends.expectCount('friends', 0);
    await bob.friends.expectCount('received', 0);
    await expect(alice.friends.panel()).toContainText('Vous n’avez pas encore d’amis.');
    await shot(alice.page, 'empty-desktop');

    // The search ignores case and matches names and e-mail (other tests' Bobs share the
    // server: Bob's own address singles him out); Carol is filtered out.
    await alice.friends.addButton.click();
    await alice.friends.addDialog
      .getByRole('searchbox', { name: 'Rechercher une personne' })
      .fill(bob.email.toUpperCase());
    await expect(alice.friends.candidates()).toHaveCount(1);
    await expect(alice.friends.candidates()).toHaveAccessibleName(/^Bob/);
    await shot(alice.page, 'add-dialog-desktop');
    await alice.page.keyboard.press('Escape');

    await alice.friends.sendRequest(bob.email, /^Bob/, 'On travaille ensemble sur la rentrée ?');
    await expect(alice.shell.toast).toContainText('Demande envoyée');
    await alice.friends.expectCount('sent', 1);

    // Bob's count moves live; the request carries Alice's message.
    await bob.friends.expectCount('received', 1);
    await bob.friends.open('received');
    await expect(bob.friends.panel()).toContainText('Alice');
    await expect(bob.friends.panel()).toContainText('On travaille ensemble sur la rentrée ?');
    await shot(bob.page, 'received-desktop');
    await bob.page.setViewportSize(PHONE);
    await shot(bob.page, 'received-phone');
    await bob.page.setViewportSize({ width: 1280, height: 800 });

    await bob.friends.panel().getByRole('button', { name: 'Accepter la demande de Alice' }).click();
    await bob.friends.expectCount('received', 0);
    await bob.friends.expectCount('friends', 1);
    await bob.friends.open('friends');
    await expect(bob.friends.panel().getByText('Alice', { exact: true })).toBeVisible();

    // Alice sees Bob arrive in her list without reloading, with his presence.
    await alice.friends.expectCount('friends', 1);
    await alice.friends.expectCount('sent', 0);
    await alice.friends.open('friends');
    const bobRow = alice.friends.panel().getByRole('listitem').filter({ hasText: 'Bob' });
    await expect(bobRow).toContainText('En ligne');
    await shot(alice.page, 'friends-desktop');
    await alice.page.setViewportSize(PHONE);
    await shot(alice.page, 'friends-phone');
    await alice.page.setViewportSize({ width: 1280, height: 800 });

    // Bob is a friend now: the add dialog no longer offers him; Carol it still does.
    await alice.friends.addButton.click();
    const search = alice.friends.addDialog.getByRole('searchbox', {
      name: 'Rechercher une personne',
    });
    await search.fill(bob.email);
    await expect(alice.friends.addDialog).toContainText('Aucun résultat');
    await search.fill(carol.email);
    await expect(alice.friends.candidates()).toHaveCount(1);
    await alice.page.keyboard.press('Escape');

    // One click opens the direct conversation.
    await bobRow.getByRole('button', { name: 'Message à Bob' }).click();
    await expect(alice.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await alice.chat.send('Salut Bob !');
    await expect(alice.chat.message('Salut Bob !')).toBeVisible();
  });

  test('removing a friend asks first, then leaves both lists', async ({ alice, bob }) => {
    await Promise.all([alice.arrive(), bob.arrive()]);
    await alice.page.goto('/friends');
    await bob.page.goto('/friends');
    await alice.friends.sendRequest(bob.email, /^Bob/);
    await bob.friends.open('received');
    await bob.friends.panel().getByRole('button', { name: 'Accepter la demande de Alice' }).click();
    await alice.friends.expectCount('friends', 1);

    await bob.friends.open('friends');
    await bob.friends.panel().getByRole('button', { name: 'Retirer Alice de vos amis' }).click();
    const confirm = bob.page.getByRole('alertdialog', { name: 'Retirer Alice de vos amis ?' });
    await confirm.getByRole('button', { name: 'Annuler' }).click();
    await bob.friends.expectCount('friends', 1);

    await bob.friends.panel().getByRole('button', { name: 'Retirer Alice de vos amis' }).click();
    await confirm.getByRole('button', { name: 'Retirer' }).click();
    await expect(bob.shell.toast).toContainText('Ami retiré');
    await bob.friends.expectCount('friends', 0);
    await alice.friends.expectCount('friends', 0);
  });
});
