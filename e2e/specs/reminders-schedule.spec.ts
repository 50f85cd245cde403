import { expect, PHONE, test } from '../fixtures';

test.describe.configure({ timeout: 180_000 });

async function sharedChannel(
  owner: { page: import('@playwright/test').Page },
  other: { page: import('@playwright/test').Page },
) {
  const name = `rappels-${Math.random().toString(36).slice(2, 7)}`;
  const channel = await (
    await owner.page.request.post('/api/channels', { data: { name, type: 'channel' } })
  ).json();
  expect((await other.page.request.post(`/api/channels/${channel.id}/join`)).ok()).toBe(true);
  return channel as { id: string; name: string };
}

// Issue 49 item 6: « Me le rappeler », /rappel, and a reminder that fires in the bell.
test('a reminder set from a message and one typed as /rappel are listed; a due one rings the bell', async ({
  alice,
  bob,
}) => {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const channel = await sharedChannel(alice, bob);
  const sent = await bob.page.request.post(`/api/channels/${channel.id}/messages`, {
    data: { content: 'Peux-tu relire le devis avant vendredi ?', clientId: crypto.randomUUID() },
  });
  expect(sent.status()).toBe(201);

  await alice.page.goto(`/channel/${channel.id}`);
  await alice.chat.act(alice.chat.message('relire le devis'), 'Plus d’actions');
  await alice.page.getByRole('menuitem', { name: 'Me le rappeler' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Me le rappeler' });
  await dialog.getByRole('button', { name: 'Dans 20 minutes' }).click();
  await expect(dialog).toBeHidden();
  await expect(alice.page.getByText(/Rappel programmé pour/).first()).toBeVisible();

  // A French time that means nothing is refused in the dialog, with the server's reason.
  await alice.chat.act(alice.chat.message('relire le devis'), 'Plus d’actions');
  await alice.page.getByRole('menuitem', { name: 'Me le rappeler' }).click();
  await dialog.getByLabel('Ou écrivez quand').fill('quand les poules auront des dents');
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Date non comprise');
  await dialog.getByLabel('Ou écrivez quand').fill('lundi 14h');
  await dialog.getByRole('button', { name: 'Programmer' }).click();
  await expect(dialog).toBeHidden();

  // /rappel in the composer: nothing is sent to the channel, the composer empties.
  await alice.chat.send('/rappel demain 9h appeler Paul');
  await expect(alice.chat.message('appeler Paul')).toHaveCount(0);

  await alice.page.getByRole('link', { name: 'Rappels et envois' }).click();
  await expect(
    alice.page.getByRole('heading', { name: 'Rappels et messages programmés' }),
  ).toBeVisible();
  const reminders = alice.page.getByRole('region', { name: 'Rappels' });
  await expect(reminders.getByRole('listitem')).toHaveCount(3);
  await expect(reminders.getByText('appeler Paul')).toBeVisible();
  await expect(reminders.getByText(/demain|à 09:00/i).first()).toBeVisible();

  // A reminder due in two seconds (the shortest choice of the menu is 20 minutes): the
  // server's next tick delivers it to the bell, live, and it leaves the list.
  const at = new Date(Date.now() + 2000).toISOString();
  const soon = await alice.page.request.post('/api/reminders', {
    data: { note: 'Appeler le comptable', at },
  });
  expect(soon.status()).toBe(201);
  await expect(reminders.getByText('Appeler le comptable')).toBeVisible();
  await expect(alice.notifications.badge).toBeVisible({ timeout: 45_000 });
  await alice.notifications.open();
  await expect(alice.notifications.items.filter({ hasText: 'Appeler le comptable' })).toHaveCount(
    1,
  );
  await alice.page.keyboard.press('Escape');
  await expect(reminders.getByText('Appeler le comptable')).toHaveCount(0);
  await expect(reminders.getByRole('listitem')).toHaveCount(3);

  // Cancelled from the list.
  await reminders
    .getByRole('listitem')
    .filter({ hasText: 'appeler Paul' })
    .getByRole('button', { name: 'Annuler le rappel' })
    .click();
  await expect(reminders.getByText('appeler Paul')).toHaveCount(0);

  await alice.page.setViewportSize({ width: 1440, height: 900 });
  await alice.page.screenshot({ path: test.info().outputPath('rappels-1440.png') });
});

// Issue 49 item 6: « Programmer l’envoi », the list to edit or cancel, and the message posted
// as its author for the others.
test('a scheduled message is listed, edited, then posted for the other member', async ({
  alice,
  bob,
}) => {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const channel = await sharedChannel(alice, bob);
  await Promise.all([
    alice.page.goto(`/channel/${channel.id}`),
    bob.page.goto(`/channel/${channel.id}`),
  ]);
  await alice.chat.composer.click();
  await alice.page.keyboard.insertText('Le point de demain est déplacé à 10 h');
  await alice.page.getByRole('button', { name: 'Programmer l’envoi' }).click();
  await alice.page.getByRole('menuitem', { name: 'Demain à 9 h' }).click();
  await expect(alice.page.getByText(/Message programmé pour/).first()).toBeVisible();
  await expect(alice.chat.composer).toHaveValue('');
  await expect(alice.chat.message('point de demain')).toHaveCount(0);

  await alice.page.goto('/rappels');
  const scheduled = alice.page.getByRole('region', { name: 'Messages programmés' });
  const item = scheduled.getByRole('listitem').filter({ hasText: 'déplacé à 10 h' });
  await expect(item).toContainText('à 09:00');
  await expect(item).toContainText(`#${channel.name}`);
  await item.getByRole('button', { name: 'Modifier le message programmé' }).click();
  const edit = alice.page.getByRole('dialog', { name: 'Modifier le message programmé' });
  await edit.getByLabel('Message').fill('Le point de demain est déplacé à 11 h');
  await edit.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(edit).toBeHidden();
  await expect(item).toHaveCount(0);
  const edited = scheduled.getByRole('listitem').filter({ hasText: 'déplacé à 11 h' });
  await expect(edited).toBeVisible();

  // Due in two seconds now (the picker's precision is the minute): the next tick posts it.
  const [row] = await (await alice.page.request.get('/api/scheduled-messages')).json();
  const patch = await alice.page.request.patch(`/api/scheduled-messages/${row.id}`, {
    data: { at: new Date(Date.now() + 2000).toISOString() },
  });
  expect(patch.ok()).toBe(true);
  const posted = bob.chat.message('déplacé à 11 h');
  await expect(posted).toBeVisible({ timeout: 45_000 });
  await expect(posted).toContainText('Alice');
  await expect(edited).toHaveCount(0);
  await expect(scheduled.getByText('Aucun message programmé')).toBeVisible();
});

test('the list at phone size', async ({ actor }) => {
  const alice = await actor('Alice', { viewport: PHONE });
  await alice.signUpViaApi({ displayName: 'Alice' });
  const channel = await (
    await alice.page.request.post('/api/channels', {
      data: { name: `tel-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    })
  ).json();
  await alice.page.request.post('/api/scheduled-messages', {
    data: { channelId: channel.id, content: 'Bonne semaine à tous !', when: 'lundi 9h' },
  });
  await alice.page.request.post('/api/reminders', {
    data: { note: 'Préparer la démo', when: 'demain 14h' },
  });
  await alice.page.goto('/rappels');
  const scheduled = alice.page.getByRole('region', { name: 'Messages programmés' });
  await expect(scheduled.getByText('Bonne semaine à tous !')).toBeVisible();
  await expect(
    alice.page.getByRole('region', { name: 'Rappels' }).getByText('Préparer la démo'),
  ).toBeVisible();
  // The zone times are read in: the browser's until one is chosen.
  const zone = alice.page.getByLabel('Fuseau horaire des rappels et envois');
  await zone.selectOption('Europe/Brussels');
  await expect
    .poll(async () => (await (await alice.page.request.get('/api/me/time-zone')).json()).timeZone)
    .toBe('Europe/Brussels');
  const width = await alice.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await alice.page.screenshot({ path: test.info().outputPath('rappels-390.png') });
});
