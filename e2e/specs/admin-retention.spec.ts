import type { Browser, ViewportSize } from '@playwright/test';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * « Conservation » in the administration console (docs/privacy.md), on a server of its own
 * whose first account is its administrator: an invalid period is refused under its field, a
 * valid one is saved and read back after a reload (at phone size); in « Utilisateurs », a
 * member's data is exported and downloaded, then his account erased at once.
 */

let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer();
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, name: string, viewport: ViewportSize): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport });
}

test('an administrator sets how long messages and files are kept, exports a member’s data and erases the account', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice', PHONE);
  const bob = await open(browser, 'Bob', { width: 1280, height: 800 });
  try {
    await alice.signUpViaApi({ displayName: 'Alice' });
    const { page, admin } = alice;
    await page.goto('/admin/retention');
    const form = page.getByRole('form', { name: 'Conservation' });
    const messages = form.getByLabel('Conserver les messages (jours)');
    await expect(messages).toHaveValue('');

    await messages.fill('0');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByRole('alert')).toHaveText('Un nombre entier de jours, de 1 à 3650');

    await messages.fill('365');
    await form.getByLabel('Conserver les fichiers (jours)').fill('90');
    await form.getByRole('switch', { name: /Permettre aux responsables/ }).click();
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(page.getByText('Durées de conservation enregistrées').first()).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('retention.png'), fullPage: true });

    await page.reload();
    await expect(messages).toHaveValue('365');
    await expect(form.getByLabel('Conserver les fichiers (jours)')).toHaveValue('90');
    await expect(form.getByRole('switch', { name: /Permettre aux responsables/ })).toBeChecked();
    const saved = await page.request.get('/api/admin/retention');
    expect(await saved.json()).toEqual({ messageDays: 365, fileDays: 90, channelOverride: true });

    // The users section: a member's data exported, then his account erased at once.
    await bob.signUpViaApi({ displayName: 'Bob' });
    await page.goto('/admin/users');
    await admin.search.fill('Bob');
    await expect(admin.userRow('Bob')).toBeVisible();

    await admin.act('Bob', 'Exporter ses données');
    const dialog = page.getByRole('dialog', { name: 'Données de Bob' });
    const link = dialog.getByRole('link', { name: /^Télécharger l’archive/ });
    await expect(link).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('admin-export.png') });
    const downloading = page.waitForEvent('download');
    await link.click();
    expect((await downloading).suggestedFilename()).toMatch(/^ruche-donnees-.*\.zip$/);
    await page.keyboard.press('Escape');

    await admin.act('Bob', 'Supprimer le compte…');
    const confirm = page.getByRole('alertdialog', { name: 'Supprimer le compte de Bob ?' });
    await expect(confirm).toContainText('effacées tout de suite');
    await confirm.getByRole('button', { name: 'Supprimer le compte' }).click();
    await expect(page.getByText('Suppression du compte de Bob lancée').first()).toBeVisible();
    // Bob's open tab is signed out, and his name is gone from the list.
    await expect(async () => {
      expect((await bob.page.request.get('/api/auth/user')).status()).toBe(401);
    }).toPass();
    // Erased by the job the request started: his name is gone from the list.
    await expect(async () => {
      await page.reload();
      await admin.search.fill('Bob');
      await expect(page.getByText('Aucun compte ne correspond.')).toBeVisible({ timeout: 2000 });
    }).toPass();
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
