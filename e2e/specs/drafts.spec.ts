import { expect, test } from '../fixtures';

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

test.describe('drafts and channel switches', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a draft survives a switch and a reload, shows a pencil in the sidebar, and goes once sent', async ({
    alice,
  }) => {
    await alice.arrive();
    const ids: Record<string, string> = {};
    const [first, second] = [unique('brouillon'), unique('voisin')];
    for (const name of [first, second]) {
      const res = await alice.page.request.post('/api/channels', {
        data: { name, type: 'channel' },
      });
      expect(res.status(), await res.text()).toBe(201);
      ids[name] = ((await res.json()) as { id: string }).id;
    }
    const link = (name: string) =>
      alice.channels.channelsSection.getByRole('link', { name: new RegExp(`^${name}`) });
    const pencil = (name: string) => link(name).getByRole('img', { name: 'Brouillon' });

    // The second channel gets a message: coming back to it must show it (loaded from the cache).
    await alice.page.goto(`/channel/${ids[second]}`);
    await alice.chat.send('Le point de ce matin est reporté');
    await link(first).click();
    await expect(alice.channels.heading(first)).toBeVisible();
    await alice.chat.composer.click();
    await alice.page.keyboard.insertText('Penser à la relecture');

    // Away: the pencil marks the channel, and the text waits there.
    await link(second).click();
    await expect(alice.chat.message('Le point de ce matin est reporté')).toBeVisible();
    await expect(alice.chat.composer).toHaveValue('');
    await expect(pencil(first)).toBeVisible();
    await expect(pencil(second)).toHaveCount(0);
    await link(first).click();
    await expect(alice.chat.composer).toHaveValue('Penser à la relecture');
    await expect(pencil(first)).toHaveCount(0); // not on the channel on screen

    // A reload keeps it (localStorage), and so does the way through another channel.
    await link(second).click();
    await alice.page.reload();
    await expect(pencil(first)).toBeVisible();
    await link(first).click();
    await expect(alice.chat.composer).toHaveValue('Penser à la relecture');

    // Sent: the draft is gone, here and after a reload.
    await alice.chat.composer.press('End');
    await alice.chat.composer.press('Enter');
    await expect(alice.chat.message('Penser à la relecture')).toBeVisible();
    await expect(alice.chat.composer).toHaveValue('');
    await link(second).click();
    await expect(pencil(first)).toHaveCount(0);
    await alice.page.reload();
    await expect(alice.chat.message('Le point de ce matin est reporté')).toBeVisible();
    await link(first).click();
    await expect(alice.chat.composer).toHaveValue('');
    await expect(alice.chat.message('Penser à la relecture')).toBeVisible();

    // The composer grows with its text, up to 150 px, then scrolls (docs/product.md §9).
    const height = () => alice.chat.composer.evaluate((box) => box.getBoundingClientRect().height);
    const oneLine = await height();
    await alice.chat.composer.click();
    await alice.page.keyboard.insertText('à effacer\ndeux\ntrois');
    await expect.poll(height).toBeGreaterThan(oneLine * 2);
    await alice.page.keyboard.insertText('\nligne'.repeat(12));
    await expect.poll(height).toBe(150);
    expect(await alice.chat.composer.evaluate((box) => box.scrollHeight > box.clientHeight)).toBe(
      true,
    );
    await alice.chat.composer.fill('');
    await expect.poll(height).toBe(oneLine);

    // Cleared by hand: gone too.
    await alice.chat.composer.click();
    await alice.page.keyboard.insertText('à effacer');
    await link(second).click();
    await expect(pencil(first)).toBeVisible();
    await link(first).click();
    await alice.chat.composer.fill('');
    await link(second).click();
    await expect(pencil(first)).toHaveCount(0);
  });

  test('the direct-message picker names people by their display name', async ({ alice, actor }) => {
    const bob = await actor('Bob');
    await bob.signUpViaApi({ displayName: 'Robert Dupont' });
    await alice.arrive();
    await alice.channels.directSection
      .getByRole('button', { name: 'Nouvelle conversation' })
      .click();
    await alice.channels.directDialog.getByRole('searchbox').fill(bob.email);
    const option = alice.channels.directDialog.getByRole('radio', { name: new RegExp(bob.email) });
    await expect(option).toHaveAccessibleName(`Robert Dupont (${bob.email})`);
    await option.click();
    await alice.channels.directDialog
      .getByRole('button', { name: 'Démarrer la conversation' })
      .click();
    await expect(
      alice.channels.directSection.getByRole('link', { name: /^Robert Dupont/ }),
    ).toHaveAttribute('aria-current', 'page');
  });
});
