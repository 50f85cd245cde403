import { randomUUID } from 'node:crypto';
import { expect, PHONE, test } from '../fixtures';

const shot = (name: string) => test.info().outputPath(`${name}.png`);

/**
 * Issue 49 item 4 in the browser: a user group made in Settings « Groupes », offered after "@"
 * in the composer, shown as a chip, and notifying its member as a mention.
 */
test('a user group from Settings, mentioned from the composer', async ({ alice, bob }) => {
  test.setTimeout(180_000);
  await alice.signUpViaApi({ displayName: 'Alice' });
  await bob.signUpViaApi({ displayName: `Bob ${randomUUID().slice(0, 4)}` });
  const bobName = (
    (await (await bob.page.request.get('/api/auth/user')).json()) as { displayName: string }
  ).displayName;
  const created = await alice.page.request.post('/api/channels', {
    data: { name: `produit-${randomUUID().slice(0, 6)}`, type: 'channel' },
  });
  const { id } = (await created.json()) as { id: string };
  const invite = await alice.page.request.post(`/api/channels/${id}/invites`);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  expect((await bob.page.request.post(`/api/channel-invites/${inviteCode}/join`)).status()).toBe(
    200,
  );

  const handle = `equipe-${randomUUID().slice(0, 6)}`;
  await alice.page.setViewportSize({ width: 1440, height: 900 });
  await alice.page.goto('/settings#groupes');
  const card = alice.page.getByRole('region', { name: 'Groupes' });
  await card.getByLabel('Nom').fill('Équipe produit');
  await card.getByLabel('Identifiant').fill(handle);
  await card.getByLabel('Membres').fill(bobName);
  await card.getByRole('button', { name: new RegExp(bobName) }).click();
  await expect(card.getByRole('button', { name: `Retirer ${bobName}` })).toBeVisible();
  await card.getByRole('button', { name: 'Créer le groupe' }).click();
  const list = card.getByRole('list', { name: 'Groupes de l’espace de travail' });
  await expect(list.getByText(`@${handle}`)).toBeVisible();
  await expect(list.getByText(/1 membre/)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await alice.page.screenshot({ path: shot('settings-groups-1440') });

  await alice.page.goto(`/channel/${id}`);
  await alice.chat.composer.click();
  await alice.page.keyboard.insertText(`@${handle.slice(0, 8)}`);
  const options = alice.page.getByRole('listbox', { name: 'Mentionner un membre' });
  await expect(options.getByRole('option', { name: new RegExp(`@${handle}`) })).toBeVisible();
  await alice.chat.composer.press('Enter');
  await expect(alice.chat.composer).toHaveValue(`@${handle} `);
  await alice.page.keyboard.insertText('votre avis ?');
  await alice.chat.composer.press('Enter');
  const sent = alice.chat.message('votre avis');
  await expect(sent.locator('.mention-wide', { hasText: `@${handle}` })).toBeVisible();

  await expect
    .poll(async () => {
      const res = await bob.page.request.get('/api/notifications');
      const body = (await res.json()) as {
        notifications: Array<{ type: string; content: string }>;
      };
      return body.notifications.some(
        (n) => n.type === 'mention' && n.content.includes('votre avis'),
      );
    })
    .toBe(true);

  await alice.page.setViewportSize(PHONE);
  await alice.page.goto('/settings#groupes');
  await expect(list.getByText(`@${handle}`)).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await alice.page.screenshot({ path: shot('settings-groups-390') });
});
