import { expect, test } from '../fixtures';

test.describe.configure({ timeout: 180_000 });

// Issue 50 item 4: a date written in one's message becomes an event in one click — and only
// after that click, and only for its author.
test('« on se voit jeudi 15h » offers its author an event at that time, which lands in the calendar', async ({
  alice,
  bob,
}) => {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const name = `plans-${Math.random().toString(36).slice(2, 7)}`;
  const channel = await (
    await alice.page.request.post('/api/channels', { data: { name, type: 'channel' } })
  ).json();
  expect((await bob.page.request.post(`/api/channels/${channel.id}/join`)).ok()).toBe(true);
  await Promise.all([
    alice.page.goto(`/channel/${channel.id}`),
    bob.page.goto(`/channel/${channel.id}`),
  ]);
  await alice.chat.send('On se voit jeudi 15h pour le point budget');

  const mine = alice.chat.message('point budget');
  const offer = mine.getByRole('button', { name: /^Créer un événement jeu\. .* à 15:00$/ });
  await expect(offer).toBeVisible();
  await expect(mine.getByRole('button', { name: /^Échéance d’une tâche jeu\./ })).toBeVisible();
  // Bob, who did not write it, is offered nothing.
  await expect(bob.chat.message('point budget')).toBeVisible();
  await expect(bob.chat.message('point budget').getByTestId('plan-chips')).toHaveCount(0);
  // Nothing was made without a click.
  const before = await (await alice.page.request.get('/api/calendar/events')).json();

  await offer.click();
  const dialog = alice.page.getByRole('dialog', { name: 'Nouvel événement' });
  await expect(dialog.getByLabel('Titre')).toHaveValue('On se voit jeudi 15h pour le point budget');
  await expect(dialog.getByLabel('Heure de début')).toHaveValue('15:00');
  await expect(dialog.getByLabel('Heure de fin')).toHaveValue('16:00');
  await dialog.getByLabel('Titre').fill('Point budget');
  // The message changes under the open dialog (Bob reacts): what Alice typed stays.
  const messageId = await mine.getAttribute('data-message-id');
  const reacted = await bob.page.request.post(`/api/messages/${messageId}/reactions`, {
    data: { emoji: '👍' },
  });
  expect(reacted.ok(), await reacted.text()).toBe(true);
  await expect(mine.getByRole('button', { name: /👍/ })).toBeVisible();
  await expect(dialog.getByLabel('Titre')).toHaveValue('Point budget');
  await dialog.getByRole('button', { name: 'Créer' }).click();
  await expect(dialog).toBeHidden();

  const after = await (await alice.page.request.get('/api/calendar/events')).json();
  expect(JSON.stringify(after).includes('Point budget')).toBe(true);
  expect(JSON.stringify(before).includes('Point budget')).toBe(false);
  await alice.page.screenshot({ path: test.info().outputPath('plans-1280.png') });

  await alice.calendar.goto();
  const card = alice.calendar.card('Point budget');
  await expect(card).toBeVisible();
  await expect(card).toContainText('15:00');

  // Dismissed: the offer goes.
  await alice.page.goto(`/channel/${channel.id}`);
  await alice.chat
    .message('point budget')
    .getByRole('button', { name: 'Ne pas en faire un plan' })
    .click();
  await expect(alice.chat.message('point budget').getByTestId('plan-chips')).toHaveCount(0);
});
