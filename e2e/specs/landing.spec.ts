import { expect, test } from '../fixtures';

test.describe('landing page', () => {
  test('is in French, with the two-line hero and six feature cards', async ({ alice }) => {
    const { page, landing } = alice;
    await landing.goto();

    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('banner')).toContainText('Ruche');
    await expect(landing.languageSwitcher).toHaveText(/Français/);
    await expect(landing.heading).toHaveText('Toute votre équipe,réunie dans une seule ruche');
    await expect(landing.getStartedButton).toBeVisible();

    await expect(landing.featureCards).toHaveCount(6);
    for (const title of [
      'Messagerie instantanée',
      'Équipes et canaux',
      'Présence en direct',
      'Sécurisé et auto-hébergé',
      'Recherche rapide',
      'Notifications utiles',
    ]) {
      await expect(landing.featuresSection.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(landing.footer).toContainText('Ruche');
    // Signed out: no app navigation.
    await expect(alice.shell.bottomNav).toHaveCount(0);
  });

  test('« Se connecter » opens the sign-in form, « Commencer » the sign-up form', async ({
    alice,
  }) => {
    const { page, landing, login } = alice;
    await landing.goto();
    await landing.signInButton.click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(login.signInTab).toHaveAttribute('aria-selected', 'true');
    await expect(login.signInForm).toBeVisible();

    await landing.goto();
    await landing.getStartedButton.click();
    await expect(page).toHaveURL(/\/login\?signup=1$/);
    await expect(login.signUpTab).toHaveAttribute('aria-selected', 'true');
    await expect(login.signUpForm).toBeVisible();
    await expect(login.signInForm).toBeHidden();
  });
});
