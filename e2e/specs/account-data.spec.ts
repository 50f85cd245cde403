import { readFile } from 'node:fs/promises';
import { expect, PHONE, test } from '../fixtures';

/** docs/privacy.md: « Vos données » in the settings — the export, and the account's deletion. */
test.describe('your data in the settings', () => {
  test('asks for the export, sees it made, and downloads the zip', async ({ alice }) => {
    await alice.arrive();
    const { page, settings } = alice;
    await settings.goto();
    const data = page.getByRole('region', { name: 'Vos données' });
    await data.getByRole('button', { name: 'Télécharger mes données' }).click();
    const link = data.getByRole('link', { name: /^Télécharger l’archive/ });
    await expect(link).toBeVisible();
    await expect(data.getByText(/^Disponible jusqu’au /)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('export-ready.png'), fullPage: true });
    // The bell says so too, and leads back here.
    await alice.notifications.open();
    await expect(
      alice.notifications.items.filter({ hasText: 'Vos données sont prêtes à être téléchargées' }),
    ).toHaveCount(1);
    await page.keyboard.press('Escape');

    const downloading = page.waitForEvent('download');
    await link.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^ruche-donnees-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readFile(await download.path());
    // A zip: its local file header, then the profile among its entries.
    expect(bytes.subarray(0, 4).toString('hex')).toBe('504b0304');
    expect(bytes.toString('latin1')).toContain('profil.json');
  });

  test('asks for the deletion with the password and reads the grace notice, at phone size', async ({
    actor,
  }) => {
    const carol = await actor('Carol', { viewport: PHONE });
    await carol.arrive();
    const { page, settings } = carol;
    await settings.goto();
    const data = page.getByRole('region', { name: 'Vos données' });
    await data.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Supprimer votre compte ?' });
    await dialog.getByLabel('Votre mot de passe').fill('pas le bon');
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('Le mot de passe est incorrect');

    await dialog.getByLabel('Votre mot de passe').fill(carol.password);
    await dialog.getByRole('button', { name: 'Supprimer mon compte' }).click();
    await expect(page).toHaveURL(/\/account-deleted\?until=/);
    await expect(page.getByRole('heading', { name: 'Suppression programmée' })).toBeVisible();
    await expect(page.getByTestId('deletion-notice')).toContainText(
      'Votre compte sera supprimé le',
    );
    await expect(page.getByText(/Reconnectez-vous avant cette date/)).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('grace-notice.png'), fullPage: true });
    // Signed out: the API says so.
    expect((await page.request.get('/api/auth/user')).status()).toBe(401);
  });
});
