import { expect, test } from '../fixtures';

// Issue 45, item 5: people are found by name on the server, accents aside, past the first 500.
test.describe('finding people', () => {
  test('a direct message to « Hélène Lefèvre », found by typing « helene lefevre »', async ({
    alice,
    actor,
  }, testInfo) => {
    // Unique per run: the server is shared by every spec.
    const tag = Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6);
    // The actor's name makes the email address: without accents there.
    const helene = await actor('Helene');
    await helene.signUpViaApi({ displayName: `Hélène Lefèvre ${tag}` });
    await alice.arrive();

    await alice.channels.directSection
      .getByRole('button', { name: 'Nouvelle conversation' })
      .click();
    const dialog = alice.channels.directDialog;
    await dialog.getByRole('searchbox').fill(`helene lefevre ${tag}`);
    const option = dialog.getByRole('radio', { name: new RegExp(`Hélène Lefèvre ${tag}`) });
    await expect(option).toBeVisible();
    await expect(dialog.getByRole('radio')).toHaveCount(1);
    await alice.page.screenshot({ path: testInfo.outputPath('people-search-1280.png') });
    await option.click();
    await dialog.getByRole('button', { name: 'Démarrer la conversation' }).click();
    await expect(alice.page).toHaveURL(/\/channel\/[0-9a-f-]{36}$/);
    await expect(
      alice.page.getByRole('heading', { name: `Hélène Lefèvre ${tag}` }).first(),
    ).toBeVisible();
  });
});
