import { expect, test } from '../fixtures';

// docs/security.md, findings 3 and 8, in Chromium: an image in a message cannot sign its
// readers out, and a remote one loads only when the reader asks.
test.describe('images in messages', () => {
  test.describe.configure({ timeout: 180_000 });

  test('![](/api/logout) signs nobody out; a remote image waits for a click', async ({
    alice,
    bob,
  }) => {
    await alice.signUp();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `images-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    await bob.signUp();
    expect((await bob.page.request.post(`/api/channels/${id}/join`)).ok()).toBe(true);

    const remote: string[] = [];
    await bob.page.route('https://images.example.test/**', (route) => {
      remote.push(route.request().url());
      return route.fulfill({ status: 404, body: '' });
    });
    await alice.page.goto(`/channel/${id}`);
    await alice.chat.send('piège ![](/api/logout) et ![](../api/logout)');
    await alice.chat.send('photo ![chat](https://images.example.test/chat.png)');

    await bob.page.goto(`/channel/${id}`);
    await expect(bob.chat.message('piège')).toBeVisible();
    const show = bob.chat.message('photo').getByRole('button', {
      name: 'Afficher l’image de images.example.test',
    });
    await expect(show).toBeVisible();
    expect(remote).toEqual([]);
    // Bob is still signed in after the page rendered the trap.
    expect((await bob.page.request.get('/api/auth/user')).status()).toBe(200);
    await show.click();
    await expect.poll(() => remote.length).toBe(1);
    await bob.page.reload();
    await expect(bob.chat.message('piège')).toBeVisible();
  });
});
