import { type Actor, expect, PHONE, test } from '../fixtures';

/** The same person signed in from a second browser (a phone), on the home screen. */
async function sameAccountOnPhone(
  actor: (name: string, options?: { viewport?: typeof PHONE }) => Promise<Actor>,
  who: Actor,
  password = who.password,
): Promise<Actor> {
  const phone = await actor(`${who.name}Phone`, { viewport: PHONE });
  const res = await phone.page.request.post('/api/auth/login', {
    data: { email: who.email, password },
  });
  expect(res.status(), await res.text()).toBe(200);
  await phone.page.goto('/');
  await phone.shell.welcomePrompt.waitFor();
  return phone;
}

test.describe('account security in the settings', () => {
  // Two browsers of one person, on a 2-core machine running the rest of the suite.
  test.describe.configure({ timeout: 60_000 });

  test('changing the password refuses a weak one, then signs the other device out', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const phone = await sameAccountOnPhone(actor, alice);
    const { page, settings, shell } = alice;
    await settings.goto();

    const security = page.getByRole('region', { name: 'Sécurité' });
    await security.getByLabel('Mot de passe actuel').fill(alice.password);
    await security.getByLabel('Nouveau mot de passe').fill('12345678');
    await security.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(security.getByRole('alert')).toContainText('trop facile à deviner');

    await security.getByLabel('Nouveau mot de passe').fill('ruche-nouvelle-phrase-secrète');
    await security.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expect(shell.toast).toContainText('Mot de passe changé');
    await expect(security.getByLabel('Mot de passe actuel')).toHaveValue('');

    // The phone's session ended with its socket: its next call is a 401, back to sign in.
    await phone.page.reload();
    await expect(phone.page).toHaveURL(/\/$/);
    await expect(phone.landing.heading).toBeVisible();
    // This browser stays signed in.
    await page.reload();
    await settings.heading.waitFor();
  });

  test('lists the sessions and signs one out from the list, at phone size too', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const phone = await sameAccountOnPhone(actor, alice);
    await phone.settings.goto();
    const sessions = phone.page.getByRole('list', { name: 'Sessions actives' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await expect(sessions.getByText('Cette session')).toBeVisible();

    await sessions.getByRole('button', { name: /^Déconnecter / }).tap();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    // Alice's desktop browser was the other session: it is signed out.
    await alice.page.reload();
    await expect(alice.landing.heading).toBeVisible();
  });
});
