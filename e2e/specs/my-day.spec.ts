import { mkdirSync } from 'node:fs';
import { type Actor, expect, PHONE, sharedChannel, test } from '../fixtures';
import { MyDayUi } from '../pages/my-day';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function userId(actor: Actor): Promise<string> {
  return ((await (await actor.page.request.get('/api/auth/user')).json()) as { id: string }).id;
}

/** A board « Sprint » with a list « À faire » and a task assigned to `assignee`, due `dueDate`. */
async function dueTask(owner: Actor, channelId: string, assignee: string, dueDate: string) {
  const board = await owner.page.request.post(`/api/channels/${channelId}/boards`, {
    data: { name: 'Sprint' },
  });
  const { id: boardId } = (await board.json()) as { id: string };
  const list = await owner.page.request.post(`/api/boards/${boardId}/lists`, {
    data: { name: 'À faire' },
  });
  const { id: listId } = (await list.json()) as { id: string };
  const task = await owner.page.request.post(`/api/lists/${listId}/tasks`, {
    data: { title: 'Relire la note de cadrage', assignedToId: assignee, dueDate },
  });
  expect(task.status(), await task.text()).toBe(201);
  return { boardId, taskId: ((await task.json()) as { id: string }).id };
}

const yesterday = () => new Date(Date.now() - 36 * 3600_000).toISOString().slice(0, 10);

test('a mention from bob appears live in alice’s « Ma journée », and her due task opens on its board', async ({
  alice,
  bob,
}) => {
  test.setTimeout(180_000);
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const name = `jour-${Math.random().toString(36).slice(2, 7)}`;
  const channelId = await sharedChannel(alice, bob, name);
  const aliceId = await userId(alice);
  const { boardId, taskId } = await dueTask(bob, channelId, aliceId, yesterday());

  await alice.page.goto('/');
  await alice.shell.sidebar.getByRole('link', { name: 'Ma journée' }).click();
  const day = new MyDayUi(alice.page);
  await expect(day.heading).toBeVisible();
  const mentions = day.section('Mentions non lues');
  await expect(mentions).toContainText('Aucune mention non lue.');
  const tasks = day.section('Tâches à faire');
  const taskLink = tasks.getByRole('link', { name: 'Relire la note de cadrage' });
  await expect(taskLink).toBeVisible();
  await expect(tasks).toContainText('En retard depuis le');

  // Bob mentions alice while her page is open: it comes without a reload.
  const sent = await bob.page.request.post(`/api/channels/${channelId}/messages`, {
    data: {
      content: '@Alice peux-tu valider le budget ?',
      mentions: [aliceId],
      clientId: crypto.randomUUID(),
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  const { id: messageId } = (await sent.json()) as { id: string };
  const mention = mentions.getByRole('link', { name: /Bob.*peux-tu valider le budget/ });
  await expect(mention).toBeVisible();
  await expect(mention).toHaveAttribute('href', `/channel/${channelId}?message=${messageId}`);
  await alice.page.screenshot({ path: `${SHOTS}/my-day-desktop.png`, fullPage: true });

  // « Marquer comme lu » takes it away (and from the bell).
  await mentions.getByRole('button', { name: 'Marquer comme lu' }).click();
  await expect(mentions).toContainText('Aucune mention non lue.');

  // The task opens on its board, in its dialog.
  await taskLink.click();
  await expect(alice.page).toHaveURL(
    new RegExp(`/channel/${channelId}\\?tab=board&board=${boardId}&task=${taskId}$`),
  );
  await expect(alice.board.taskDialog.getByLabel('Titre')).toHaveValue('Relire la note de cadrage');
  // Behind the dialog, the channel shows its board tab with the card.
  await alice.board.taskDialog.getByRole('button', { name: 'Annuler' }).click();
  await expect(alice.board.tab).toHaveAttribute('aria-selected', 'true');
  await expect(alice.board.card('Relire la note de cadrage')).toBeVisible();
});

test('« Terminer » a task from « Ma journée », at phone size', async ({ actor }) => {
  test.setTimeout(180_000);
  const carol = await actor('Carol', { viewport: PHONE });
  const dan = await actor('Dan');
  await Promise.all([
    carol.signUpViaApi({ displayName: 'Carol' }),
    dan.signUpViaApi({ displayName: 'Dan' }),
  ]);
  const channelId = await sharedChannel(
    carol,
    dan,
    `tel-${Math.random().toString(36).slice(2, 7)}`,
  );
  await dueTask(dan, channelId, await userId(carol), yesterday());
  await carol.page.goto('/ma-journee');
  const day = new MyDayUi(carol.page);
  await expect(day.heading).toBeVisible({ timeout: 30_000 });
  const tasks = day.section('Tâches à faire');
  await expect(tasks.getByRole('link', { name: 'Relire la note de cadrage' })).toBeVisible();
  // This instance sends no mail (no SMTP_URL): the e-mail's switch is off, inert, and says why.
  await expect(day.emailSwitch).toBeDisabled();
  await expect(day.emailSwitch).not.toBeChecked();
  await expect(day.emailSwitch).toHaveAccessibleDescription(
    /Cette instance n’envoie pas d’e-mails/,
  );
  await carol.page.screenshot({ path: `${SHOTS}/my-day-phone.png`, fullPage: true });
  await tasks.getByRole('button', { name: 'Terminer « Relire la note de cadrage »' }).click();
  await expect(tasks).toContainText('Aucune tâche en retard ni pour aujourd’hui.');
});
