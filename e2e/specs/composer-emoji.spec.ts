import { expect, test } from '../fixtures';

test('emojis in the composer: ":sour" + Enter, arrows and Escape, and the emoji button', async ({
  alice,
}) => {
  // Key-by-key typing costs up to 170 ms a key on two shared cores (pages/chat.ts).
  test.setTimeout(180_000);
  await alice.signUpViaApi({ displayName: 'Alice' });
  const name = `emoji-${Math.random().toString(36).slice(2, 7)}`;
  const created = await alice.page.request.post('/api/channels', {
    data: { name, type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await alice.page.goto(`/channel/${id}`);

  const composer = alice.page.getByRole('combobox', { name: 'Message' });
  const list = alice.page.getByRole('listbox', { name: 'Émojis' });
  await composer.pressSequentially('Bravo :sour');
  await expect(list.getByRole('option').first()).toHaveText('😀:sourire:visage rieur');
  await expect(list.getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await composer.press('Enter');
  await expect(composer).toHaveValue('Bravo 😀');
  await expect(list).toHaveCount(0);

  // Arrows move, Tab inserts the one selected; Escape closes without inserting.
  await composer.pressSequentially(' :sour');
  await composer.press('ArrowDown');
  const second = await list.getByRole('option').nth(1).textContent();
  await composer.press('Tab');
  await expect(composer).toHaveValue(`Bravo 😀 ${second?.slice(0, second.indexOf(':'))}`);
  await composer.pressSequentially(' :coeu');
  await expect(list).toBeVisible();
  await composer.press('Escape');
  await expect(list).toHaveCount(0);
  await expect(composer).toHaveValue(/ :coeu$/);

  // The button opens the reactions' picker; the emoji goes in at the caret.
  await composer.fill('début fin');
  await composer.evaluate((el: HTMLTextAreaElement) => el.setSelectionRange(6, 6));
  await alice.page.getByRole('button', { name: 'Insérer un émoji' }).click();
  const picker = alice.page.getByRole('dialog', { name: 'Insérer un émoji' });
  await picker.getByRole('textbox', { name: 'Rechercher un émoji' }).fill('pouce');
  const cell = picker.getByRole('gridcell', { name: /pouce/ }).first();
  const chosen = (await cell.textContent())?.trim();
  expect(chosen).toMatch(/^\p{Extended_Pictographic}/u);
  await cell.click();
  await expect(picker).toHaveCount(0);
  await expect(composer).toHaveValue(`début ${chosen}fin`);
  await expect(composer).toBeFocused();
});
