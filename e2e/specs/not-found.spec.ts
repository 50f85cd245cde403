import { expect, PHONE, test } from '../fixtures';

test('an unknown path shows a French page, and leads a visitor back to the landing page', async ({
  alice,
}) => {
  const response = await alice.page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(200);
  await expect(alice.notFound.heading).toBeVisible();
  await expect(alice.notFound.hint).toContainText('/cette-page-n-existe-pas');
  await expect(alice.page.getByText(/not found|router/i)).toHaveCount(0);
  await alice.notFound.backHome.click();
  await expect(alice.landing.heading).toBeVisible();
});

test('signed in, the unknown page sits inside the shell and leads back to the messages', async ({
  alice,
}) => {
  await alice.arrive();
  await alice.page.goto('/canal-disparu');
  await expect(alice.notFound.heading).toBeVisible();
  await expect(alice.shell.rail).toBeVisible();
  await expect(alice.shell.sidebar).toBeVisible();
  await alice.page.screenshot({ path: test.info().outputPath('not-found-desktop.png') });
  await alice.notFound.backToMessages.click();
  await expect(alice.page).toHaveURL(/\/$/);
  await expect(alice.shell.welcomePrompt).toBeVisible();
});

test('on the phone, the unknown page keeps the app’s bars', async ({ actor }) => {
  const carol = await actor('Carol', { viewport: PHONE });
  await carol.arrive();
  await carol.page.goto('/nulle-part');
  await expect(carol.notFound.heading).toBeVisible();
  await expect(carol.shell.bottomNav).toBeVisible();
  await expect(carol.shell.mobileMenuButton).toBeVisible();
  await carol.page.screenshot({ path: test.info().outputPath('not-found-phone.png') });
  await carol.notFound.backToMessages.click();
  await expect(carol.page).toHaveURL(/\/$/);
});
