import type { Locator, Page } from '@playwright/test';
import { expect, PHONE, test } from '../fixtures';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 8)}`;

/** A channel of the signed-in user with `count` messages, the one at `index` being `wanted`. */
async function channelWith(page: Page, wanted: string, count = 120, index = 3) {
  const name = unique('projets');
  const created = await page.request.post('/api/channels', {
    data: { name, type: 'channel' },
  });
  const { id } = (await created.json()) as { id: string };
  let wantedId = '';
  for (let batch = 0; batch < count / 10; batch++) {
    const sent = await Promise.all(
      Array.from({ length: 10 }, (_, i) => {
        const n = batch * 10 + i;
        return page.request.post(`/api/channels/${id}/messages`, {
          data: { content: n === index ? wanted : `Message ordinaire n°${n}`, clientId: `s-${n}` },
        });
      }),
    );
    for (const res of sent) {
      const message = (await res.json()) as { id: string; content: string };
      if (message.content === wanted) wantedId = message.id;
    }
  }
  return { id, wantedId, name };
}

/** Whether an element shows all of its text, not cut by an ellipsis. */
const shownWhole = (locator: Locator) =>
  locator.evaluate((el) => el.scrollWidth <= el.clientWidth && el.clientWidth > 0);

test.describe('search', () => {
  test('from the rail: results as you type, the 3-character rule, keyboard, and the message highlighted', async ({
    alice,
  }) => {
    test.setTimeout(180_000);
    await alice.arrive();
    const { page, shell, search, chat } = alice;
    const wanted = 'La réunion budgétaire est déplacée à jeudi';
    const { id, wantedId } = await channelWith(page, wanted);

    await shell.rail.getByRole('button', { name: 'Rechercher' }).click();
    await expect(search.input).toBeFocused({ timeout: 30_000 });
    // The operators are suggested before anything is typed.
    await expect(search.dialog.getByText('dans:#général')).toBeVisible();

    await search.input.fill('ré');
    await expect(search.dialog).toContainText('Saisissez au moins 3 caractères pour rechercher');

    // No accents, plural: still found, the words highlighted as written.
    await search.input.fill('reunions budgetaires');
    const option = search.option('déplacée à jeudi');
    await expect(option).toBeVisible();
    await expect(option.locator('mark')).toHaveText(['réunion', 'budgétaire']);
    await expect(search.results.getByRole('option')).toHaveCount(1);

    await search.input.press('ArrowDown');
    await search.input.press('ArrowUp');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await search.input.press('Enter');
    await expect(search.dialog).toBeHidden();

    // The channel opens on the message, far back in its history, highlighted.
    const article = chat.log.locator(`[data-message-id="${wantedId}"]`);
    await expect(article).toBeVisible({ timeout: 30_000 });
    await expect(article).toHaveAttribute('data-highlighted', 'true');
    await expect(page).toHaveURL(new RegExp(`/channel/${id}$`));

    // Ctrl+Shift+F opens it again, with the search just made among the recent ones.
    await page.keyboard.press('Control+Shift+F');
    await expect(search.input).toBeFocused();
    const recent = search.dialog.getByRole('group', { name: 'Recherches récentes' });
    await expect(recent.getByRole('option')).toHaveText(['reunions budgetaires']);
    await search.input.press('Enter');
    await expect(search.input).toHaveValue('reunions budgetaires');
    await expect(option).toBeVisible();

    // Operators, with nothing of theirs to find.
    await search.input.fill('reunion avant:2020-01-01');
    await expect(search.dialog).toContainText('Aucun résultat pour « reunion avant:2020-01-01 »');
    await search.input.fill('reunion avant:2020-02-31');
    await expect(search.dialog.getByRole('alert')).toHaveText(
      'Date invalide après « avant: » : écrivez-la AAAA-MM-JJ',
    );
    await page.keyboard.press('Escape');
    await expect(search.dialog).toBeHidden();
  });

  test('phone: from the mobile menu, the result opens the channel on the message', async ({
    actor,
  }) => {
    test.setTimeout(180_000);
    const alice = await actor('Alice', { viewport: PHONE });
    await alice.arrive();
    const { page, shell, search, chat } = alice;
    const wanted = 'Les élèves présenteront leurs maquettes vendredi';
    const { wantedId } = await channelWith(page, wanted, 60, 5);

    await shell.mobileMenuButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rechercher' }).click();
    await expect(search.input).toBeFocused({ timeout: 30_000 });
    await search.input.fill('maquette eleve');
    const option = search.option('vendredi');
    await expect(option).toBeVisible();
    const box = await search.dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await option.click();
    await expect(search.dialog).toBeHidden();
    const article = chat.log.locator(`[data-message-id="${wantedId}"]`);
    await expect(article).toBeVisible({ timeout: 30_000 });
    await expect(article).toHaveAttribute('data-highlighted', 'true');
  });

  test('phone: a result reads as its message was written, its author and channel in full', async ({
    actor,
  }) => {
    test.setTimeout(180_000);
    const alice = await actor('Alice', { viewport: PHONE });
    await alice.arrive();
    const { page, shell, search } = alice;
    const wanted =
      '**Bonjour** l’équipe, la `facture` est sur [le drive](https://exemple.fr/drive) :tada:';
    const { name } = await channelWith(page, wanted, 10, 2);

    await shell.mobileMenuButton.click();
    await page.getByRole('dialog').getByRole('button', { name: 'Rechercher' }).click();
    await search.input.fill('facture');
    const option = search.option('Bonjour');
    // Issue 45, item 9: bold, code and link as formatting, the word found still highlighted.
    await expect(option.locator('strong')).toHaveText('Bonjour');
    await expect(option.locator('code')).toHaveText('facture');
    await expect(option.locator('code mark')).toHaveText('facture');
    await expect(option).toContainText('le drive');
    await expect(option).toContainText('🎉');
    await expect(option).not.toContainText('**');
    await expect(option).not.toContainText('](');
    await expect(option.getByRole('link')).toHaveCount(0);
    // The author and the channel stay readable beside the date on a 390 px screen.
    const author = option.getByText('Alice', { exact: true });
    const channel = option.getByText(name, { exact: true });
    await expect(author).toBeVisible();
    await expect(channel).toBeVisible();
    expect(await shownWhole(author)).toBe(true);
    expect(await shownWhole(channel)).toBe(true);
    await page.screenshot({ path: test.info().outputPath('search-phone.png') });
  });
});
