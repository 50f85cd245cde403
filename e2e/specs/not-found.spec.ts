import { expect, test } from '../fixtures';

test('an unknown path shows the 404 page with the router hint', async ({ alice }) => {
  const response = await alice.page.goto('/cette-page-n-existe-pas');
  expect(response?.status()).toBe(200);
  await expect(alice.notFound.heading).toBeVisible();
  await expect(alice.notFound.hint).toBeVisible();
  await alice.page.getByRole('link', { name: "Retour à l'accueil" }).click();
  await expect(alice.landing.heading).toBeVisible();
});
