import type { Locator } from '@playwright/test';
import { expect, PHONE, test } from '../fixtures';

/**
 * Issue 45 item 11: a toast never covers what one needs next (the composer and its send
 * button, the ICS « Copier » button, the phone's header), and Escape closes the open dialog,
 * not the toast.
 */

async function box(locator: Locator) {
  await expect(locator).toBeVisible();
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

/** The toast's box and the other one's share no pixel. */
async function expectApart(toast: Locator, other: Locator, what: string): Promise<void> {
  const a = await box(toast);
  const b = await box(other);
  const overlap =
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlap, `the toast covers ${what}`).toBe(false);
}

test.describe('toasts', () => {
  test('leave the composer and its send button free (desktop)', async ({ alice }, testInfo) => {
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await alice.arrive();
    await alice.channels.createChannel({ name: 'toasts' });
    await alice.chat.send('Le lien de ce message');
    await alice.chat.act(alice.chat.message('Le lien de ce message'), 'Copier le lien du message');
    const toast = alice.shell.toast.first();
    await expect(toast).toBeVisible();
    await alice.page.screenshot({ path: testInfo.outputPath('toast-chat-desktop.png') });
    await expectApart(toast, alice.chat.composer, 'the composer');
    await expectApart(toast, alice.page.getByRole('button', { name: 'Envoyer' }), 'Envoyer');
  });

  for (const [size, viewport] of [
    ['desktop', undefined],
    ['phone', PHONE],
  ] as const) {
    test(`leave the ICS « Copier » button free (${size})`, async ({ actor }, testInfo) => {
      const alice = await actor('Alice', viewport ? { viewport } : {});
      await alice.signUpViaApi({ displayName: 'Alice' });
      await alice.calendar.goto();
      await alice.page.getByRole('button', { name: 'Créer l’adresse' }).click();
      await alice.page.getByRole('button', { name: 'Régénérer' }).click();
      const toast = alice.shell.toast.filter({ hasText: 'Nouvelle adresse créée' });
      await expect(toast).toBeVisible();
      await alice.page.screenshot({ path: testInfo.outputPath(`toast-calendar-${size}.png`) });
      await expectApart(toast, alice.page.getByRole('button', { name: 'Copier' }), 'Copier');
      if (viewport) {
        await expectApart(toast, alice.page.getByRole('banner'), 'the header');
        await expectApart(toast, alice.shell.bottomNav, 'the bottom bar');
      }
    });
  }

  test('Escape closes the dialog a toast showed up over (desktop)', async ({ alice }) => {
    await alice.context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await alice.arrive();
    await alice.channels.createChannel({ name: 'toasts-escape' });
    await alice.channels.openInviteDialog();
    await alice.channels.inviteDialog.getByRole('button', { name: 'Copier le lien' }).click();
    // The open dialog hides the rest of the page from assistive technology (aria-hidden), the
    // toast region with it: the toast is found by its markup, not its role.
    await expect(alice.page.locator('li[data-swipe-direction][data-state="open"]')).toBeVisible();
    await alice.page.keyboard.press('Escape');
    await expect(alice.channels.inviteDialog).toBeHidden();
  });
});
