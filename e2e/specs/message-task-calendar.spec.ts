import { addDays } from 'date-fns';
import { expect, test } from '../fixtures';

/** yyyy-MM-dd of the browser's day (Europe/Paris), not this process's. */
const ymd = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);

test.describe.configure({ timeout: 180_000 });

// Issue 11, "Message → task → calendar": no peer does this loop.
test('a message becomes a task due tomorrow, and lands in the assignee’s calendar', async ({
  alice,
  bob,
}) => {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const api = alice.page.request;
  const name = `lancement-${Math.random().toString(36).slice(2, 7)}`;
  const channel = await (
    await api.post('/api/channels', { data: { name, type: 'channel' } })
  ).json();
  expect((await bob.page.request.post(`/api/channels/${channel.id}/join`)).ok()).toBe(true);
  const board = await (
    await api.post(`/api/channels/${channel.id}/boards`, { data: { name: 'Lancement' } })
  ).json();
  await api.post(`/api/boards/${board.id}/lists`, { data: { name: 'À faire' } });
  const sent = await bob.page.request.post(`/api/channels/${channel.id}/messages`, {
    data: { content: 'Envoyer le communiqué de presse', clientId: crypto.randomUUID() },
  });
  expect(sent.status()).toBe(201);

  await alice.page.goto(`/channel/${channel.id}`);
  await alice.chat.act(alice.chat.message('communiqué de presse'), 'Plus d’actions');
  await alice.page.getByRole('menuitem', { name: 'Créer une tâche' }).click();
  const dialog = alice.page.getByRole('dialog', { name: 'Créer une tâche depuis un message' });
  await dialog.getByLabel('Échéance').fill(ymd(addDays(new Date(), 1)));
  await dialog.getByLabel('Assignée à').selectOption({ label: 'Bob' });
  await dialog.getByRole('button', { name: 'Créer la tâche' }).click();
  await expect(dialog).toBeHidden();

  await bob.calendar.goto();
  const card = bob.calendar.card('Envoyer le communiqué de presse');
  await expect(card.getByTestId('event-day')).toHaveText('Demain');
  await expect(card.getByText('Tâche', { exact: true })).toBeVisible();
});
