import { expect, PHONE, test } from '../fixtures';

test.describe('signed-in shell', () => {
  test('desktop: rail links, and the sidebar with its two open sections and empty texts', async ({
    alice,
  }) => {
    await alice.arrive();
    const { shell, page } = alice;

    for (const [name, href] of [
      ['Amis', '/friends'],
      ['Agenda', '/calendar'],
      ['Salles vidéo', '/video-rooms'],
    ] as const) {
      await expect(shell.rail.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    await expect(shell.rail.getByRole('button', { name: 'Notifications' })).toBeVisible();
    await expect(shell.rail.getByRole('button', { name: 'Rechercher' })).toBeVisible();

    await expect(shell.channelsSection).toContainText('Aucun canal pour le moment');
    await expect(shell.directMessagesSection).toContainText('Aucun message direct');
    await expect(
      shell.channelsSection.getByRole('button', { name: 'Créer un canal' }),
    ).toBeVisible();
    await expect(
      shell.channelsSection.getByRole('button', { name: 'Rejoindre avec un code' }),
    ).toBeVisible();
    await expect(
      shell.directMessagesSection.getByRole('button', { name: 'Nouvelle conversation' }),
    ).toBeVisible();

    // Sections collapse and reopen.
    const toggle = shell.channelsSection.getByRole('button', { name: /Afficher ou masquer/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await toggle.click();
    await expect(shell.channelsSection.getByText('Aucun canal pour le moment')).toBeHidden();
    await toggle.click();
    await expect(shell.channelsSection.getByText('Aucun canal pour le moment')).toBeVisible();

    // Phones' navigation stays out of the desktop layout.
    await expect(shell.bottomNav).toBeHidden();
    await expect(page.getByRole('heading', { name: 'Bienvenue dans Ruche' })).toBeVisible();
  });

  test('theme: dark by default, the toggle switches it and it persists across a reload', async ({
    alice,
  }) => {
    await alice.arrive();
    const { shell, page } = alice;
    expect(await shell.theme()).toBe('dark');

    await shell.themeToggle().click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');

    // Painted light from the first frame, before the app's code (held back 1.5 s) has run:
    // the page's first script applies the choice (web/boot/last-screen.ts).
    const entry = /\/assets\/index-[^/]+\.js$/;
    await page.route(entry, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.addInitScript(() =>
      requestAnimationFrame(() => {
        (window as { firstTheme?: string }).firstTheme = document.documentElement.className;
      }),
    );
    await page.reload();
    await shell.welcomePrompt.waitFor();
    await page.unroute(entry);
    expect(await page.evaluate(() => (window as { firstTheme?: string }).firstTheme)).toBe('light');
    expect(await shell.theme()).toBe('light');
    await expect(shell.themeToggle()).toHaveAccessibleName('Passer au thème sombre');

    await shell.themeToggle().click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
  });

  test('signing out from the user menu returns to the landing page', async ({ alice }) => {
    await alice.arrive();
    await alice.shell.signOut();
    await expect(alice.page).toHaveURL(/\/$/);
    await expect(alice.landing.heading).toContainText('Toute votre équipe');
    await expect(alice.landing.signInButton).toBeVisible();
    // The session is gone on the server too.
    const res = await alice.page.request.get('/api/auth/user');
    expect(res.status()).toBe(401);
  });

  test('phone: top bar, slide-in menu, and the five-item bottom navigation', async ({ actor }) => {
    const alice = await actor('Alice', { viewport: PHONE });
    await alice.arrive();
    const { shell, page } = alice;

    await expect(shell.bottomNav).toBeVisible();
    const items = shell.bottomNav.getByRole('link');
    await expect(items).toHaveText(['Messages', 'Agenda', 'Amis', 'Réglages', 'Vidéo']);
    const hrefs = await items.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(['/', '/calendar', '/friends', '/settings', '/video-rooms']);
    await expect(shell.bottomNav.getByRole('link', { name: 'Messages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(shell.rail).toBeHidden();

    await shell.mobileMenuButton.click();
    const menu = page.getByRole('dialog');
    await expect(menu.getByRole('button', { name: 'Rechercher' })).toBeVisible();
    await expect(menu.getByRole('region', { name: 'Canaux' })).toContainText(
      'Aucun canal pour le moment',
    );
    await expect(menu.getByRole('region', { name: 'Messages directs' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await shell.bottomNav.getByRole('link', { name: 'Réglages' }).click();
    await expect(alice.settings.heading).toBeVisible();
    await expect(shell.bottomNav.getByRole('link', { name: 'Réglages' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });
});
