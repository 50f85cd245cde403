import { type Actor, expect, PHONE, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

async function post(author: Actor, channelId: string, content: string): Promise<void> {
  const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
    data: { content, clientId: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

test.describe('touch', () => {
  test('on a phone, a long press on a message reacts, replies in the thread and deletes', async ({
    alice,
    actor,
  }) => {
    test.setTimeout(180_000);
    const bob = await actor('Bob', { viewport: PHONE });
    await alice.signUp();
    await bob.signUp();
    const name = unique('terrain');
    const created = await alice.page.request.post('/api/channels', {
      data: { name, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    expect((await bob.page.request.post(`/api/channels/${id}/join`)).ok()).toBe(true);
    await post(alice, id, 'Qui vient au match samedi ?');
    await post(bob, id, 'Message envoyé par erreur');

    await alice.page.goto(`/channel/${id}`);
    await bob.page.goto(`/channel/${id}`);
    const question = bob.chat.message('Qui vient au match samedi ?');
    await expect(question).toBeVisible();

    // A tap is not a press: nothing opens, no toolbar is left over the list.
    await question.tap();
    await expect(bob.chat.actionSheet).toBeHidden();
    await expect(question.getByRole('toolbar')).toHaveCount(0);

    // React with a quick emoji; alice sees it live.
    await bob.chat.longPress(question);
    await expect(bob.chat.actionSheet).toBeVisible();
    await bob.page.screenshot({
      path: `${SHOTS}/touch-phone-action-sheet.png`,
      animations: 'disabled',
    });
    await bob.chat.actionSheet.getByRole('button', { name: 'Réagir avec 🎉' }).click();
    await expect(bob.chat.actionSheet).toBeHidden();
    await expect(question.getByRole('button', { name: /^🎉 : 1 réaction/ })).toBeVisible();
    await expect(
      alice.chat
        .message('Qui vient au match samedi ?')
        .getByRole('button', { name: /^🎉 : 1 réaction/ }),
    ).toBeVisible();

    // Reply in the thread.
    await bob.chat.longPress(question);
    await bob.chat.actionSheet.getByRole('button', { name: 'Répondre dans le fil' }).click();
    await expect(bob.chat.thread).toBeVisible();
    await bob.chat.thread.getByRole('button', { name: 'Fermer le fil' }).click();

    // Someone else's message has no edit or delete; one's own does, and deleting it works.
    await bob.chat.longPress(question);
    await expect(
      bob.chat.actionSheet.getByRole('button', { name: 'Supprimer le message' }),
    ).toHaveCount(0);
    await bob.page.keyboard.press('Escape');
    const mistake = bob.chat.message('Message envoyé par erreur');
    await bob.chat.longPress(mistake);
    await bob.chat.actionSheet.getByRole('button', { name: 'Supprimer le message' }).click();
    await bob.page
      .getByRole('alertdialog', { name: 'Supprimer le message ?' })
      .getByRole('button', { name: 'Supprimer' })
      .click();
    await expect(mistake).toHaveCount(0);
    await expect(alice.chat.message('Message envoyé par erreur')).toHaveCount(0);
  });
});
