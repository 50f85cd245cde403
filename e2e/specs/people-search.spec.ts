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

  test('« Inviter des membres » adds a colleague found by name, beside the link and the code', async ({
    alice,
    actor,
  }, testInfo) => {
    const tag = Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6);
    const zoe = await actor('Zoe');
    await zoe.signUpViaApi({ displayName: `Zoé Éluard ${tag}` });
    await alice.signUp();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `equipe-${tag}`, type: 'group' },
    });
    const { id } = (await created.json()) as { id: string };
    await alice.page.goto(`/channel/${id}`);

    await alice.channels.openInviteDialog();
    const dialog = alice.channels.inviteDialog;
    await dialog
      .getByRole('searchbox', { name: 'Rechercher une personne à ajouter' })
      .fill(`zoe eluard ${tag}`);
    const option = dialog.getByRole('radio', { name: new RegExp(`Zoé Éluard ${tag}`) });
    await option.click();
    await alice.page.screenshot({ path: testInfo.outputPath('invite-by-name-1280.png') });
    await dialog.getByRole('button', { name: 'Ajouter au canal' }).click();
    // The toast itself: Radix also reads its text out in a live region, for a moment.
    await expect(
      alice.channels.toastText(`Zoé Éluard ${tag} fait maintenant partie du canal.`),
    ).toBeVisible();
    const zoes = await zoe.page.request.get('/api/channels');
    expect(((await zoes.json()) as Array<{ id: string }>).map((c) => c.id)).toContain(id);
  });
});
