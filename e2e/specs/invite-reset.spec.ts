import { expect, test } from '../fixtures';

// docs/security.md, finding 5: the owner resets the invite link; the old one stops working.
test.describe('invite link reset', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the owner resets the link; the old code shows as invalid to a newcomer', async ({
    alice,
    bob,
  }) => {
    await alice.signUp();
    const name = `prive-${Math.random().toString(36).slice(2, 7)}`;
    const created = await alice.page.request.post('/api/channels', {
      data: { name, type: 'group' },
    });
    const { id } = (await created.json()) as { id: string };
    await alice.page.goto(`/channel/${id}`);
    await expect(alice.channels.heading(name)).toBeVisible();

    const oldCode = await alice.channels.openInviteDialog();
    await alice.channels.inviteDialog
      .getByRole('button', { name: 'Réinitialiser le lien' })
      .click();
    const codeField = alice.channels.inviteDialog.getByLabel('Code d’invitation');
    await expect(codeField).not.toHaveValue(oldCode);
    await expect(codeField).toHaveValue(/^[A-Z2-9]{8}$/);
    const newCode = await codeField.inputValue();

    await bob.arrive();
    await bob.page.goto(`/join-channel/${oldCode}`);
    await expect(bob.page.getByRole('heading', { name: 'Invitation invalide' })).toBeVisible();
    await bob.page.goto(`/join-channel/${newCode}`);
    await expect(bob.page.getByRole('heading', { name })).toBeVisible();
  });
});
