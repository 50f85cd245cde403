import { expect, test } from '../fixtures';

test.describe('settings page', () => {
  test('updates the display name and the profile status', async ({ alice }) => {
    await alice.arrive();
    const { settings, shell, page } = alice;
    await settings.goto();

    await expect(settings.displayNameInput).toHaveValue('Alice');
    await settings.displayNameInput.fill('a'.repeat(101));
    await settings.saveDisplayNameButton.click();
    await expect(page.getByRole('alert')).toHaveText('Maximum 100 caractères');

    await settings.displayNameInput.fill('Alice Dupont');
    await settings.saveDisplayNameButton.click();
    await expect(shell.toast).toContainText('Profil mis à jour');
    await expect(shell.userMenuButton()).toHaveAccessibleName('Menu utilisateur de Alice Dupont');

    await settings.statusSelect.click();
    await page.getByRole('option', { name: 'Absent' }).click();
    await settings.statusMessage.fill('En réunion');
    await expect(page.getByText('10 / 200')).toBeVisible();
    await settings.saveStatusButton.click();
    await expect(shell.toast).toContainText('Votre statut a été enregistré.');

    const me = await (await page.request.get('/api/auth/user')).json();
    expect(me).toMatchObject({
      displayName: 'Alice Dupont',
      status: 'away',
      statusMessage: 'En réunion',
    });

    await page.reload();
    await expect(settings.statusSelect).toHaveText(/Absent/);
    await expect(settings.statusMessage).toHaveValue('En réunion');
  });

  test('a signed-out visitor is sent to sign in', async ({ alice }) => {
    await alice.page.goto('/settings');
    await expect(alice.page).toHaveURL(/\/login$/);
    await expect(alice.login.signInTab).toBeVisible();
  });
});

test('a profile update after the session ended warns, then goes to sign in', async ({ alice }) => {
  await alice.arrive();
  await alice.settings.goto();
  // The session disappears under the open page (expired, or signed out elsewhere).
  await alice.context.clearCookies();

  await alice.settings.displayNameInput.fill('Alice Nouvelle');
  await alice.settings.saveDisplayNameButton.click();
  await expect(alice.shell.toast).toContainText('Non autorisé');
  await expect(alice.shell.toast).toContainText('Votre session a expiré');
  await expect(alice.page).toHaveURL(/\/login$/);
});
