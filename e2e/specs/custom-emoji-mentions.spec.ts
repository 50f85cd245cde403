import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { expect, PHONE, test } from '../fixtures';

/** Screenshots to look at (docs: settings and channel at 1440 and 390 px). */
const shot = (name: string) => test.info().outputPath(`${name}.png`);

/**
 * Issue 49 items 3 and 4 in the browser: a custom emoji uploaded in Settings, used in a message
 * and as a reaction from the picker's « Personnalisés », seen live by another person; @channel
 * in a channel of more than 10 members asks before it is sent.
 */
test('custom emoji in a message and a reaction; a confirmed @channel', async ({
  alice,
  bob,
  playwright,
  baseURL,
}) => {
  test.setTimeout(240_000);
  await alice.signUpViaApi({ displayName: 'Alice' });
  await bob.signUpViaApi({ displayName: 'Bob' });
  const channelName = `annonces-${randomUUID().slice(0, 6)}`;
  const created = await alice.page.request.post('/api/channels', {
    data: { name: channelName, type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invite = await alice.page.request.post(`/api/channels/${id}/invites`);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  // Bob and ten more people: twelve members, past the composer's 10 before it asks.
  expect((await bob.page.request.post(`/api/channel-invites/${inviteCode}/join`)).status()).toBe(
    200,
  );
  for (let i = 0; i < 10; i++) {
    const other = await playwright.request.newContext({ baseURL });
    const email = `collegue-${i}.${randomUUID().slice(0, 8)}@ruche.test`;
    const res = await other.post('/api/auth/register', {
      data: { email, password: 'ruche-e2e-motdepasse', firstName: `Collègue ${i}` },
    });
    expect(res.status(), await res.text()).toBe(201);
    expect((await other.post(`/api/channel-invites/${inviteCode}/join`)).status()).toBe(200);
    await other.dispose();
  }

  // Settings, « Émojis personnalisés »: a 300 px PNG, fitted into 128 px by the server.
  const name = `perroquet_${randomUUID().slice(0, 4)}`;
  const image = await sharp({
    create: { width: 300, height: 300, channels: 4, background: '#f5a623' },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="300" height="300"><circle cx="150" cy="150" r="110" fill="#2e7d32"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  await alice.page.setViewportSize({ width: 1440, height: 900 });
  await alice.page.goto('/settings');
  const card = alice.page.getByRole('region', { name: 'Émojis personnalisés' });
  await card.getByLabel('Nom').fill(`:${name}:`);
  await card
    .getByLabel('Image')
    .setInputFiles({ name: 'perroquet.png', mimeType: 'image/png', buffer: image });
  await card.getByRole('button', { name: 'Ajouter' }).click();
  await expect(card.getByRole('list').getByText(`:${name}:`)).toBeVisible();
  await expect(card.getByRole('img', { name: `:${name}:` })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await alice.page.screenshot({ path: shot('settings-emoji-1440') });

  // Bob's open tab hears of it live: his composer suggests it after ":perr".
  await bob.page.goto(`/channel/${id}`);
  await expect(bob.chat.composer).toBeVisible();
  await bob.chat.composer.click();
  await bob.page.keyboard.insertText(`:${name.slice(0, 6)}`);
  const suggestions = bob.page.getByRole('listbox', { name: 'Émojis' });
  await expect(suggestions.getByRole('img', { name: `:${name}:` })).toBeVisible();
  await bob.chat.composer.press('Escape');
  await bob.chat.composer.fill('');

  // In a message: the image at text size.
  await alice.page.goto(`/channel/${id}`);
  await alice.chat.send(`Bravo à toute l’équipe :${name}:`);
  const message = alice.chat.message('Bravo à toute l’équipe');
  const inline = message.getByRole('img', { name: `:${name}:` });
  await expect(inline).toBeVisible();
  const box = await inline.boundingBox();
  expect(box?.height).toBeGreaterThan(15);
  expect(box?.height).toBeLessThan(30);
  await expect(
    bob.chat.message('Bravo à toute l’équipe').getByRole('img', { name: `:${name}:` }),
  ).toBeVisible();

  // As a reaction, from the full picker's « Personnalisés ».
  await alice.chat.act(message, 'Ajouter une réaction');
  const popover = alice.page.getByRole('dialog', { name: 'Ajouter une réaction' });
  await popover.getByRole('button', { name: 'Plus d’émojis' }).click();
  await expect(popover.getByText('Personnalisés', { exact: true }).first()).toBeVisible();
  await popover.getByRole('gridcell', { name }).first().click();
  const chip = message.getByRole('button', { name: new RegExp(`^:${name}:\\s:\\s1\\sréaction`) });
  await expect(chip).toBeVisible();
  await expect(chip.getByRole('img', { name: `:${name}:` })).toBeVisible();
  await expect(
    bob.chat
      .message('Bravo à toute l’équipe')
      .getByRole('button', { name: new RegExp(`^:${name}:\\s:\\s1\\sréaction`) }),
  ).toBeVisible();

  // @channel in a channel of 12: the composer asks first; cancelling keeps the text.
  await alice.chat.composer.click();
  await alice.page.keyboard.insertText('@chan');
  const mentions = alice.page.getByRole('listbox', { name: 'Mentionner un membre' });
  await expect(mentions.getByRole('option', { name: /@channel/ })).toBeVisible();
  await alice.chat.composer.press('Enter');
  await expect(alice.chat.composer).toHaveValue('@channel ');
  await alice.page.keyboard.insertText('réunion à 14 h');
  await alice.chat.composer.press('Enter');
  const ask = alice.page.getByRole('alertdialog', {
    name: `Prévenir les 12 membres de #${channelName} ?`,
  });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Annuler' }).click();
  await expect(ask).toHaveCount(0);
  await expect(alice.chat.composer).toHaveValue('@channel réunion à 14 h');
  await alice.chat.composer.press('Enter');
  await ask.getByRole('button', { name: 'Envoyer et prévenir' }).click();
  await expect(alice.chat.composer).toHaveValue('');
  const sent = alice.chat.message('réunion à 14 h');
  await expect(sent.locator('.mention-wide', { hasText: '@channel' })).toBeVisible();
  await alice.page.screenshot({ path: shot('channel-emoji-mention-1440') });

  // Bob was notified: @channel is a mention for him.
  await expect
    .poll(async () => {
      const res = await bob.page.request.get('/api/notifications');
      const body = (await res.json()) as {
        notifications: Array<{ type: string; content: string }>;
      };
      return body.notifications.some(
        (n) => n.type === 'mention' && n.content.includes('réunion à 14 h'),
      );
    })
    .toBe(true);

  // At phone size.
  await alice.page.setViewportSize(PHONE);
  await expect(sent).toBeVisible();
  await alice.page.screenshot({ path: shot('channel-emoji-mention-390') });
  await alice.page.goto('/settings#emoji');
  await expect(card.getByRole('img', { name: `:${name}:` })).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await alice.page.screenshot({ path: shot('settings-emoji-390') });
});
