import { expect, test } from '../fixtures';

test.describe('sign-up and welcome', () => {
  test('a new account picks its display name in the welcome dialog and sees it in the user menu', async ({
    alice,
  }) => {
    const { page, login, welcome, shell } = alice;
    await login.goto();
    await login.signUp({
      firstName: 'Alice',
      lastName: 'Martin',
      email: alice.email,
      password: alice.password,
    });

    // The welcome dialog opens over the home screen, prefilled with first + last name.
    await expect(welcome.dialog).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(welcome.nameInput).toHaveValue('Alice Martin');

    // It cannot be dismissed with Escape or by clicking outside.
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(welcome.dialog).toBeVisible();

    // French validation messages from the shared schema.
    await welcome.saveDisplayName('   ');
    await expect(welcome.dialog.getByRole('alert')).toHaveText('Le nom d’affichage est requis');
    await welcome.saveDisplayName('a'.repeat(101));
    await expect(welcome.dialog.getByRole('alert')).toHaveText('Maximum 100 caractères');

    await welcome.saveDisplayName('Alice la Reine');
    await expect(shell.toast).toContainText('Votre profil a été configuré avec succès.');
    await expect(welcome.dialog).toBeHidden();

    const menu = await shell.openUserMenu();
    await expect(menu).toContainText('Alice la Reine');
    await expect(menu).toContainText(alice.email);

    // Saved on the server: still there after a reload, and no dialog any more.
    await page.keyboard.press('Escape');
    await page.reload();
    await expect(shell.welcomePrompt).toBeVisible();
    await expect(shell.userMenuButton()).toHaveAccessibleName(
      'AR, menu utilisateur de Alice la Reine',
    );
    await expect(welcome.dialog).toHaveCount(0);
  });

  test('a weak password’s explanation is shown once, under the field', async ({ alice }) => {
    const { page, login } = alice;
    await login.goto();
    await login.signUp({ email: alice.email, password: 'azertyuiop' });

    const field = login.signUpForm.getByLabel('Mot de passe');
    await expect(field).toHaveAccessibleDescription(/^Ce mot de passe est trop facile à deviner\./);
    await expect(page.getByText(/Ce mot de passe est trop facile à deviner/)).toHaveCount(1);
    await expect(page.getByRole('alert')).toHaveCount(1);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the sign-in form shows the server error for a wrong password', async ({ alice }) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await alice.context.clearCookies();
    await alice.login.goto();
    await alice.login.signIn(alice.email, 'pas-le-bon-mot-de-passe');
    await expect(alice.login.alert()).toHaveText('Adresse e-mail ou mot de passe incorrect');
    // A wrong password is a form error, not an expired session: no redirect.
    await expect(alice.page).toHaveURL(/\/login$/);

    await alice.login.signInForm.getByLabel('Mot de passe').fill(alice.password);
    await alice.login.signInForm.getByRole('button', { name: 'Se connecter' }).click();
    await expect(alice.shell.welcomePrompt).toBeVisible();
  });
});
