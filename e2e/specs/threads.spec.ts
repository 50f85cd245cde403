import { mkdirSync } from 'node:fs';
import { type Actor, expect, PHONE, sharedChannel, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function post(author: Actor, channelId: string, content: string, parentMessageId?: string) {
  const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
    data: { content, clientId: crypto.randomUUID(), ...(parentMessageId && { parentMessageId }) },
  });
  expect(sent.status(), await sent.text()).toBe(201);
  return ((await sent.json()) as { id: string }).id;
}

test('a reply in alice’s thread shows in her "Fils de discussion", unread until she opens it', async ({
  alice,
  bob,
}) => {
  test.setTimeout(180_000);
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  const name = `fils-${Math.random().toString(36).slice(2, 7)}`;
  const channelId = await sharedChannel(alice, bob, name);
  const root = await post(alice, channelId, 'On déjeune où vendredi ?');

  await alice.page.goto('/');
  const sidebar = alice.shell.sidebar;
  const threadsLink = sidebar.getByRole('link', { name: /^Fils de discussion/ });
  await expect(threadsLink).toBeVisible();
  await expect(threadsLink.getByRole('status')).toHaveCount(0);

  // Bob replies while alice is in the app: the badge comes live.
  await post(bob, channelId, 'Chez Paulette, à midi', root);
  await expect(threadsLink.getByRole('status')).toHaveText('1');

  await threadsLink.click();
  await expect(
    alice.page.getByRole('heading', { level: 1, name: 'Fils de discussion' }),
  ).toBeVisible();
  const card = alice.page
    .getByRole('list', { name: 'Fils suivis' })
    .getByRole('link', { name: `Ouvrir le fil dans ${name}, 1 réponse non lue` });
  await expect(card).toContainText('On déjeune où vendredi ?');
  await expect(card.locator('[data-unread]')).toContainText('Chez Paulette, à midi');
  await alice.page.screenshot({ path: `${SHOTS}/threads-desktop.png` });

  // Opening it opens the thread panel in its channel; reading clears the count live.
  await card.click();
  await expect(
    alice.chat.thread.getByRole('article').filter({ hasText: 'Chez Paulette, à midi' }),
  ).toBeVisible();
  await expect(threadsLink.getByRole('status')).toHaveCount(0);
  await threadsLink.click();
  await expect(alice.page.getByRole('link', { name: `Ouvrir le fil dans ${name}` })).toBeVisible();
  await expect(alice.page.locator('[data-unread]')).toHaveCount(0);
});

test('the view at phone size', async ({ actor }) => {
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
  const root = await post(carol, channelId, 'Qui a les clés du local ?');
  await post(dan, channelId, 'Moi, je passe les déposer demain matin avant neuf heures', root);
  await carol.page.goto('/threads');
  // The first paint of a phone page can take long on two cores shared with other specs.
  await expect(carol.page.getByRole('list', { name: 'Fils suivis' })).toContainText(
    'je passe les déposer',
    { timeout: 30_000 },
  );
  const width = await carol.page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
  await carol.page.screenshot({ path: `${SHOTS}/threads-phone.png` });
});
