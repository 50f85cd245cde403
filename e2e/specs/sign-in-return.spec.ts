import { expect, test } from '../fixtures';

// docs/product.md §2.1: a page opened while signed out is where signing in leads back.
const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

test.describe('links through sign-in', () => {
  test.describe.configure({ timeout: 180_000 });

  test('bob, signed out, follows an invite link, creates his account and lands in the channel', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const name = unique('chantier');
    const created = await alice.page.request.post('/api/channels', {
      data: { name, type: 'channel' },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const invite = await alice.page.request.post(`/api/channels/${id}/invites`);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };

    const bob = await actor('Bob');
    await bob.page.goto(`/join-channel/${inviteCode}`);
    await expect(bob.page).toHaveURL(/\/login\?next=/);
    await bob.login.signUp({ firstName: 'Bob', email: bob.email, password: bob.password });

    // One step: the account is open, the invitation accepted, the channel open.
    await expect(bob.page).toHaveURL(new RegExp(`/channel/${id}$`), { timeout: 30_000 });
    await bob.welcome.saveDisplayName('Bob');
    await expect(bob.channels.heading(name)).toBeVisible();
    const members = await alice.page.request.get(`/api/channels/${id}`);
    const channel = (await members.json()) as { members: Array<{ user: { email: string } }> };
    expect(channel.members.map((m) => m.user.email)).toContain(bob.email);
  });

  test('a channel link opened signed out comes back after sign-in; / reopens the last channel', async ({
    alice,
    actor,
  }) => {
    await alice.arrive();
    const make = async (name: string) => {
      const res = await alice.page.request.post('/api/channels', {
        data: { name, type: 'channel' },
      });
      return ((await res.json()) as { id: string }).id;
    };
    const first = unique('aaa');
    const last = unique('zzz');
    await make(first);
    const lastId = await make(last);

    // Another browser, signed out, opens the link to the second channel.
    const again = await actor('Alice');
    await again.page.goto(`/channel/${lastId}`);
    await expect(again.page).toHaveURL(/\/login\?next=/);
    await again.login.signIn(alice.email, alice.password);
    await expect(again.page).toHaveURL(new RegExp(`/channel/${lastId}$`), { timeout: 30_000 });
    await expect(again.channels.heading(last)).toBeVisible();

    // Home reopens it, not the first channel of the list.
    await again.page.goto('/');
    await expect(again.channels.heading(last)).toBeVisible();
    await expect(again.channels.heading(first)).toHaveCount(0);

    // A sign-in link followed while already signed in goes on to the page it was for.
    await again.page.goto('/login?next=%2Fsettings');
    await expect(again.page).toHaveURL(/\/settings$/);
  });
});
