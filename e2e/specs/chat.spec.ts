import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { type Actor, expect, test } from '../fixtures';

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png`, animations: 'disabled' });
}

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

/** Alice and Bob signed up, in one channel of Alice's: this spec is about what follows. */
async function aliceAndBobIn(alice: Actor, bob: Actor, name: string): Promise<string> {
  await Promise.all([
    alice.signUpViaApi({ displayName: 'Alice' }),
    bob.signUpViaApi({ displayName: 'Bob' }),
  ]);
  return sharedChannel(alice, bob, name);
}

/** The channel and bob's membership through the API. */
async function sharedChannel(owner: Actor, guest: Actor, name: string): Promise<string> {
  const created = await owner.page.request.post('/api/channels', {
    data: { name, description: 'Le canal de l’équipe produit', type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const invite = await owner.page.request.post(`/api/channels/${id}/invites`);
  expect(invite.ok(), await invite.text()).toBe(true);
  const { inviteCode } = (await invite.json()) as { inviteCode: string };
  const joined = await guest.page.request.post(`/api/channel-invites/${inviteCode}/join`);
  expect(joined.ok(), await joined.text()).toBe(true);
  return id;
}

/** A message of `author`'s in the channel, through the API (someone else writing meanwhile). */
function poster(author: Actor, channelId: string) {
  return async (content: string, parentMessageId?: string): Promise<string> => {
    const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
      data: { content, clientId: crypto.randomUUID(), ...(parentMessageId && { parentMessageId }) },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return ((await sent.json()) as { id: string }).id;
  };
}

/** Another channel of `who`'s, to go to from the sidebar: leaving a channel, not the app. */
async function elsewhereFor(who: Actor): Promise<{ name: string; go(): Promise<void> }> {
  const name = unique('ailleurs');
  const created = await who.page.request.post('/api/channels', { data: { name, type: 'channel' } });
  expect(created.status(), await created.text()).toBe(201);
  const sidebar = who.shell.sidebar;
  return {
    name,
    async go() {
      await sidebar.getByRole('link', { name }).click();
      await expect(who.page.getByRole('heading', { level: 1, name })).toBeVisible();
    },
  };
}

/**
 * `Ligne n°1…60` in a new channel, authors alternating (each message starts a group, the rows
 * with space above them), opened by alice at its newest.
 */
async function openLongChannel(
  alice: Actor,
  bob: Actor,
  { listLate = false }: { listLate?: boolean } = {},
): Promise<void> {
  const id = await aliceAndBobIn(alice, bob, unique('longue'));
  const byAlice = poster(alice, id);
  const byBob = poster(bob, id);
  for (let i = 1; i <= 60; i++) await (i % 2 ? byAlice : byBob)(`Ligne n°${i}`);
  // The sidebar's list (where alice's reading stopped: the unread line above Bob's last)
  // answered after the channel's page, as it can on a busy machine.
  if (listLate) {
    await alice.page.route(/\/api\/channels$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
  }
  await alice.page.goto(`/channel/${id}`);
  await expect(alice.chat.message(/Ligne n°60$/)).toBeInViewport({ ratio: 1 });
}

/**
 * How far `Ligne n°60` moves (px, the most) over the next 30 frames, or `ms` if longer: once
 * shown in place, the newest message stays put.
 */
function movedAfterShown(alice: Actor, ms = 0): Promise<number> {
  return alice.chat.message(/Ligne n°60$/).evaluate(
    (row, ms) =>
      new Promise<number>((resolve) => {
        const first = row.getBoundingClientRect().top;
        const until = performance.now() + ms;
        let most = 0;
        let frames = 30;
        const watch = () => {
          most = Math.max(most, Math.abs(row.getBoundingClientRect().top - first));
          if (--frames > 0 || performance.now() < until) requestAnimationFrame(watch);
          else resolve(most);
        };
        requestAnimationFrame(watch);
      }),
    ms,
  );
}

/**
 * Read now, the channel of `Ligne n°1…60` is kept as it was when `who` leaves it: coming back,
 * they are where they had scrolled to, not at the newest message (docs/performance-log.md,
 * "Channel switch").
 */
async function keptWhereScrolled(who: Actor): Promise<void> {
  const elsewhere = await elsewhereFor(who);
  const back = async () => {
    await elsewhere.go();
    await who.shell.sidebar.getByRole('link', { name: /^longue-/ }).click();
  };
  await back();
  await expect(who.chat.message(/Ligne n°60$/)).toBeInViewport();
  await who.chat.log.hover();
  await expect(async () => {
    await who.page.mouse.wheel(0, -400);
    await expect(who.chat.message(/Ligne n°40$/)).toBeInViewport({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  await expect(who.chat.message(/Ligne n°60$/)).not.toBeInViewport();
  await back();
  await expect(who.chat.message(/Ligne n°40$/)).toBeInViewport();
  await expect(who.chat.message(/Ligne n°60$/)).not.toBeInViewport();
  await expect(who.chat.jumpToRecent).toBeVisible();
}

test.describe('chat', () => {
  test('alice and bob chat live: typing, markdown, reactions, edit, delete, thread, presence', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(180_000);
    const channelId = await aliceAndBobIn(alice, bob, unique('produit'));
    await Promise.all([
      alice.page.goto(`/channel/${channelId}`),
      bob.page.goto(`/channel/${channelId}`),
    ]);

    // An empty channel says so, and invites the first message.
    await expect(
      alice.page.getByRole('heading', { name: /^Bienvenue dans #produit-/ }),
    ).toBeVisible();
    await expect(alice.chat.composer).toBeVisible();
    await expect(bob.chat.composer).toBeVisible();

    // Bob says hello first: his avatar (with its status dot) shows in alice's list.
    await bob.chat.send('Salut Alice !');
    await expect(alice.chat.message('Salut Alice !')).toBeVisible();
    await expect(alice.chat.avatar('Bob', 'En ligne')).toBeVisible();

    // Typing: alice types, bob sees the typing line; it goes once she sends.
    await alice.chat.composer.click();
    await alice.chat.composer.pressSequentially('Voici le **plan**');
    await expect(bob.chat.typingLine).toHaveText('Alice est en train d’écrire…');
    await alice.chat.composer.fill('');

    // Markdown, rendered live on bob's side: bold, a link opening in a new tab, a list.
    await alice.chat.send([
      'Le **plan** pour la rentrée, voir [la doc](https://example.com/doc) :',
      '- préparer la démo',
      '- écrire le billet',
    ]);
    const plan = bob.chat.message('Le plan pour la rentrée');
    await expect(plan).toBeVisible();
    await expect(bob.chat.typingLine).toBeHidden();
    await expect(plan.locator('strong')).toHaveText('plan');
    const link = plan.getByRole('link', { name: 'la doc' });
    await expect(link).toHaveAttribute('href', 'https://example.com/doc');
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(plan.getByRole('listitem')).toHaveText(['préparer la démo', 'écrire le billet']);

    await alice.chat.send('Qui est dispo demain ?');
    await expect(bob.chat.message('Qui est dispo demain ?')).toBeVisible();

    // Mention: "@Bo" offers Bob, Enter picks him; bob sees himself highlighted.
    await alice.chat.composer.pressSequentially('@Bo');
    const suggestions = alice.page.getByRole('listbox', { name: 'Mentionner un membre' });
    await expect(suggestions.getByRole('option', { name: /Bob/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await alice.chat.composer.press('Enter');
    await expect(alice.chat.composer).toHaveValue('@Bob ');
    await alice.chat.composer.pressSequentially('tu peux relire ?');
    await alice.chat.composer.press('Enter');
    const mention = bob.chat.message('tu peux relire ?').locator('.mention-me');
    await expect(mention).toHaveText('@Bob');

    // Reaction: bob reacts 👍, alice sees the chip, with the count and not "mine".
    await bob.chat.react(plan, '👍');
    await expect(bob.chat.reactionChip(plan, '👍')).toHaveAttribute('aria-pressed', 'true');
    const alicePlan = alice.chat.message('Le plan pour la rentrée');
    await expect(alice.chat.reactionChip(alicePlan, '👍')).toContainText('1');
    await expect(alice.chat.reactionChip(alicePlan, '👍')).toHaveAttribute('aria-pressed', 'false');

    // Edit: bob sees the new text and the "(modifié)" marker.
    await alice.chat.edit(alicePlan, 'Le **plan** pour la rentrée est prêt');
    const edited = bob.chat.message('Le plan pour la rentrée est prêt');
    await expect(edited).toContainText('(modifié)');

    // Thread: bob replies to alice's question; alice sees the reply count appear live.
    await bob.chat.replyInThread(
      bob.chat.message('Qui est dispo demain ?'),
      'Moi, à partir de 10 h',
    );
    await expect(
      alice.chat.message('Qui est dispo demain ?').getByRole('button', { name: /1 réponse/ }),
    ).toBeVisible();

    await alice.page.setViewportSize({ width: 1440, height: 900 });
    await alice.chat
      .message('Qui est dispo demain ?')
      .getByRole('button', { name: /1 réponse/ })
      .click();
    await expect(
      alice.chat.thread.getByRole('article').filter({ hasText: 'Moi, à partir de 10 h' }),
    ).toBeVisible();
    await shot(alice.page, 'chat-desktop-thread');
    await alice.chat.thread.getByRole('button', { name: 'Fermer le fil' }).click();
    await shot(alice.page, 'chat-desktop');

    // Delete: the message disappears for bob.
    await alice.chat.delete(alice.chat.message('Le plan pour la rentrée est prêt'));
    await expect(bob.chat.message('Le plan pour la rentrée est prêt')).toHaveCount(0);
    await expect(bob.chat.message('Qui est dispo demain ?')).toBeVisible();

    // Presence: bob leaves (his browser closes), alice sees his dot turn offline once the
    // grace a reload is given has passed (PRESENCE_OFFLINE_GRACE_MS, 10 s).
    await bob.context.close();
    await expect(alice.chat.avatar('Bob', 'Hors ligne')).toBeVisible({ timeout: 20_000 });

    await alice.page.setViewportSize({ width: 390, height: 844 });
    await expect(alice.chat.composer).toBeVisible();
    await shot(alice.page, 'chat-phone');
    await alice.chat
      .message('Qui est dispo demain ?')
      .getByRole('button', { name: /1 réponse/ })
      .click();
    await expect(alice.chat.thread).toBeVisible();
    await shot(alice.page, 'chat-phone-thread');
  });

  test('bob comes back to the channel: "Nouveaux messages" above what alice wrote meanwhile', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(180_000);
    const name = unique('suivi');
    const channelId = await aliceAndBobIn(alice, bob, name);
    const elsewhere = await elsewhereFor(bob);
    const post = poster(alice, channelId);
    const sidebar = bob.shell.sidebar;
    const bobUnread = async () => {
      const res = await bob.page.request.get('/api/channels');
      const list = (await res.json()) as { id: string; unreadCount: number }[];
      return list.find((c) => c.id === channelId)?.unreadCount;
    };

    // Bob opens the channel for the first time: all of it is new to him. He reads it, then
    // goes elsewhere.
    await post('Déjà lu par Bob');
    await bob.page.goto(`/channel/${channelId}`);
    await expect(bob.chat.firstNewMessage).toContainText('Déjà lu par Bob');
    await expect.poll(bobUnread).toBe(0);
    await elsewhere.go();

    // Alice writes twice meanwhile; bob's badge says so, and opening shows the line above
    // the first of the two, not above what he had read.
    const first = await post('Premier message nouveau');
    await post('Second message nouveau');
    const link = sidebar.getByRole('link', { name });
    await expect(link.getByRole('status')).toHaveAccessibleName('2 messages non lus');
    // The tab's title says it too; a reply in a thread counts in its thread, not here.
    await expect(bob.page).toHaveTitle('(2) Ruche');
    await post('Une réponse dans le fil', first);
    await expect.poll(bobUnread).toBe(2);
    await expect(link.getByRole('status')).toHaveAccessibleName('2 messages non lus');
    await expect(bob.page).toHaveTitle('(2) Ruche');
    await link.click();
    await expect(bob.page).toHaveTitle('Ruche');
    await expect(bob.chat.newMessagesLine).toHaveCount(1);
    await expect(bob.chat.firstNewMessage).toContainText('Premier message nouveau');
    await expect(bob.chat.newMessagesLine.locator('xpath=../..')).not.toContainText(
      'Déjà lu par Bob',
    );
    await bob.page.setViewportSize({ width: 1440, height: 900 });
    await shot(bob.page, 'chat-desktop-new-messages');
    await bob.page.setViewportSize({ width: 390, height: 844 });
    await expect(bob.chat.firstNewMessage).toContainText('Premier message nouveau');
    await shot(bob.page, 'chat-phone-new-messages');
    await bob.page.setViewportSize({ width: 1280, height: 800 });

    // While he stays (a live message, another tab and back), the line stays where it was.
    await post('Arrivé pendant la lecture');
    await expect(bob.chat.message('Arrivé pendant la lecture')).toBeVisible();
    await bob.page.getByRole('tab', { name: 'Membres' }).click();
    await bob.channels.tab('Discussion').click();
    await expect(bob.chat.message('Arrivé pendant la lecture')).toBeVisible();
    await expect(bob.chat.newMessagesLine).toHaveCount(1);
    await expect(bob.chat.firstNewMessage).toContainText('Premier message nouveau');

    // Read now: the next visit has no line.
    await expect.poll(bobUnread).toBe(0);
    await elsewhere.go();
    await link.click();
    await expect(bob.chat.message('Arrivé pendant la lecture')).toBeVisible();
    await expect(bob.chat.newMessagesLine).toHaveCount(0);
  });

  test('reactions made while bob is elsewhere show when he comes back; live while he stays', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(120_000);
    const name = unique('reactions');
    const channelId = await aliceAndBobIn(alice, bob, name);
    const elsewhere = await elsewhereFor(bob);
    const messageId = await poster(alice, channelId)('Qui vient à la démo ?');
    const react = async (emoji: string) => {
      const res = await alice.page.request.post(`/api/messages/${messageId}/reactions`, {
        data: { emoji },
      });
      expect(res.ok(), await res.text()).toBe(true);
    };

    // Bob has read the channel (its page is in his tab's cache), then went elsewhere: a
    // reaction now reaches only those viewing the channel (docs/realtime.md, "Reactions").
    await bob.page.goto(`/channel/${channelId}`);
    const message = bob.chat.message('Qui vient à la démo ?');
    await expect(message).toBeVisible();
    await elsewhere.go();
    await react('🎉');
    await bob.shell.sidebar.getByRole('link', { name }).click();
    await expect(bob.chat.reactionChip(message, '🎉')).toContainText('1');

    // On screen, the next one comes live.
    await react('👀');
    await expect(bob.chat.reactionChip(message, '👀')).toContainText('1');
  });

  test('with more unread than a page, bob opens at the line, not at the bottom', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(180_000);
    const name = unique('rattrapage');
    const channelId = await aliceAndBobIn(alice, bob, name);
    const elsewhere = await elsewhereFor(bob);
    const sidebar = bob.shell.sidebar;
    const post = poster(alice, channelId);
    await post('Lu avant de partir');
    await bob.page.goto(`/channel/${channelId}`);
    await expect(bob.chat.message('Lu avant de partir')).toBeVisible();
    await elsewhere.go();

    // Sixty messages while he is away: more than the screen, and than the newest page (50).
    for (let n = 1; n <= 60; n++) await post(`Nouvelle ${n}\n${'Une ligne de plus. '.repeat(6)}`);
    const link = sidebar.getByRole('link', { name });
    await expect(link.getByRole('status')).toHaveAccessibleName('60 messages non lus');
    await link.click();
    await expect(bob.chat.firstNewMessage).toContainText(/Nouvelle 1(?!\d)/);
    await expect(bob.chat.newMessagesLine).toBeInViewport();
    await expect(bob.chat.message('Lu avant de partir')).toBeVisible();
    await expect(bob.chat.message('Nouvelle 60')).toHaveCount(0);
    // The newest are one click away.
    await bob.chat.jumpToRecent.click();
    await expect(bob.chat.message('Nouvelle 60')).toBeInViewport();
    await expect(bob.chat.newMessagesLine).toHaveCount(0);
  });

  test('a permalink opens far back in history, highlighted; older pages load on scroll up', async ({
    alice,
  }) => {
    test.setTimeout(180_000);
    await alice.signUpViaApi({ displayName: 'Alice' });
    const created = await alice.page.request.post('/api/channels', {
      data: { name: unique('archives'), type: 'channel' },
    });
    const { id } = (await created.json()) as { id: string };
    // 260 messages: the target is 5 pages back from the newest.
    const seeded: { id: string; content: string }[] = [];
    for (let batch = 0; batch < 26; batch++) {
      const sent = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          alice.page.request.post(`/api/channels/${id}/messages`, {
            data: { content: `Archive n°${batch * 10 + i + 1}`, clientId: `seed-${batch}-${i}` },
          }),
        ),
      );
      for (const res of sent) seeded.push((await res.json()) as { id: string; content: string });
    }
    const wanted = seeded.find((m) => m.content === 'Archive n°7')!;

    await alice.page.goto(`/channel/${id}?message=${wanted.id}`);
    const article = alice.chat.log.locator(`[data-message-id="${wanted.id}"]`);
    // A cold load fetches the signed-in app's chunks first: slow on a loaded 2-core machine.
    await expect(article).toBeVisible({ timeout: 60_000 });
    await expect(article).toContainText('Archive n°7');
    await expect(article).toHaveAttribute('data-highlighted', 'true');
    // The address is the plain channel again; the newest messages are one click away.
    await expect(alice.page).toHaveURL(new RegExp(`/channel/${id}$`));
    await alice.chat.jumpToRecent.click();
    await expect(alice.chat.message('Archive n°260')).toBeVisible();

    // Scrolling up from the newest loads the older pages, down to the channel's start.
    await alice.chat.log.hover();
    await expect(async () => {
      await alice.page.mouse.wheel(0, -3000);
      await expect(alice.chat.message(/Archive n°1$/)).toBeVisible({ timeout: 500 });
    }).toPass({ timeout: 30_000 });
    await expect(
      alice.page.getByRole('heading', { name: /^Bienvenue dans #archives-/ }),
    ).toBeVisible();

    // A reply's link: the list scrolls to its parent and the thread opens on it.
    const replied = await alice.page.request.post(`/api/channels/${id}/messages`, {
      data: { content: 'Réponse dans le fil', clientId: 'seed-reply', parentMessageId: wanted.id },
    });
    const reply = (await replied.json()) as { id: string };
    await alice.page.goto(`/channel/${id}?message=${reply.id}`);
    await expect(
      alice.chat.thread.getByRole('article').filter({ hasText: 'Réponse dans le fil' }),
    ).toBeVisible();
    await expect(article).toHaveAttribute('data-highlighted', 'true');
  });

  test('a long channel opens at its newest message: every row is measured whole', async ({
    alice,
    bob,
  }) => {
    await openLongChannel(alice, bob);
    // Shown in place (the list is pinned to its end before it shows): it stays put after.
    expect(await movedAfterShown(alice)).toBe(0);
    await expect(alice.chat.jumpToRecent).toBeHidden();
    // The virtual list places rows by the heights it measures: each row's box holds all of its
    // space (a margin escaping it went unmeasured, and the list opened short of the newest).
    const gaps = await alice.chat.log.evaluate((log) => {
      const rows = [...log.querySelectorAll<HTMLElement>('[data-item-index]')];
      return rows.slice(0, -1).map((row, i) => {
        const next = rows[i + 1]!.getBoundingClientRect().top;
        return Math.round(next - row.getBoundingClientRect().bottom);
      });
    });
    expect(gaps.length).toBeGreaterThan(5);
    expect(
      gaps.every((gap) => gap === 0),
      JSON.stringify(gaps),
    ).toBe(true);

    await keptWhereScrolled(alice);
  });

  test('a long channel opens at its newest message even when the sidebar’s list comes after it', async ({
    alice,
    bob,
  }) => {
    // The "Nouveaux messages" line above Bob's last is known from the list: the view waits
    // for it, instead of showing the messages and then moving them 32 px down under the line.
    await openLongChannel(alice, bob, { listLate: true });
    expect(await movedAfterShown(alice, 2000)).toBe(0);
    await expect(alice.chat.newMessagesLine).toBeVisible();
  });

  test('a dropped connection catches up on reconnect: nothing lost, nothing doubled', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(180_000);
    const channelId = await aliceAndBobIn(alice, bob, unique('reprise'));
    await Promise.all([
      alice.page.goto(`/channel/${channelId}`),
      bob.page.goto(`/channel/${channelId}`),
    ]);
    await alice.chat.send('Avant la coupure');
    await expect(bob.chat.message('Avant la coupure')).toBeVisible();

    // Bob's network drops: his socket closes and the app says it is reconnecting.
    await bob.context.setOffline(true);
    await expect(
      bob.page.getByRole('status').filter({ hasText: 'Connexion perdue' }),
    ).toBeVisible();
    for (const n of [1, 2, 3]) await alice.chat.send(`Pendant la coupure ${n}`);
    // An edit carries no new seq: the reconnect must still bring it.
    await alice.chat.edit(alice.chat.message('Avant la coupure'), 'Avant la coupure, corrigé');

    // Back online: the socket reconnects (3 s) and fetches what it missed, in order, once.
    await bob.context.setOffline(false);
    await expect(bob.page.getByRole('status').filter({ hasText: 'Connexion perdue' })).toBeHidden({
      timeout: 15_000,
    });
    await expect(bob.chat.log.getByRole('article')).toHaveCount(4);
    await expect(bob.chat.log.getByRole('article')).toContainText([
      'Avant la coupure, corrigé',
      'Pendant la coupure 1',
      'Pendant la coupure 2',
      'Pendant la coupure 3',
    ]);
    await expect(bob.chat.message('Avant la coupure, corrigé')).toContainText('(modifié)');
    await bob.chat.send('Je suis de retour');
    await expect(alice.chat.message('Je suis de retour')).toBeVisible();

    // ↑ in the empty composer edits the last own message; Escape cancels, blank can't save.
    await bob.chat.composer.press('ArrowUp');
    const editor = bob.page.getByRole('textbox', { name: 'Modifier le message' });
    await expect(editor).toHaveValue('Je suis de retour');
    await editor.fill('   ');
    await expect(bob.page.getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    await editor.press('Escape');
    await expect(editor).toBeHidden();
    await expect(bob.chat.message('Je suis de retour')).not.toContainText('(modifié)');
  });
  test('messages leave by the socket, in order; a tab whose socket cannot connect sends by HTTP', async ({
    alice,
    bob,
  }) => {
    test.setTimeout(180_000);
    const channelId = await aliceAndBobIn(alice, bob, unique('transport'));
    const posts = (page: Page) => {
      const seen: string[] = [];
      page.on('request', (request) => {
        if (request.method() === 'POST' && /\/messages$/.test(request.url())) {
          seen.push(request.url());
        }
      });
      return seen;
    };
    const alicePosts = posts(alice.page);
    const bobPosts = posts(bob.page);
    const socketSends: string[] = [];
    alice.page.on('websocket', (ws) =>
      ws.on('framesent', ({ payload }) => {
        const frame = JSON.parse(String(payload)) as {
          type: string;
          message?: { content: string };
        };
        if (frame.type === 'send_message') socketSends.push(frame.message?.content ?? '');
      }),
    );
    await Promise.all([
      alice.page.goto(`/channel/${channelId}`),
      bob.page.goto(`/channel/${channelId}`),
    ]);

    // Alice writes three lines in a row: each leaves by her socket, and they keep their order.
    for (const text of ['Un', 'Deux', 'Trois']) await alice.chat.send(text);
    await expect(bob.chat.log.getByRole('article')).toContainText(['Un', 'Deux', 'Trois']);
    expect(socketSends).toEqual(['Un', 'Deux', 'Trois']);
    expect(alicePosts).toEqual([]);

    // Bob's tab cannot open its socket (a proxy refusing WebSockets, say): he still sends.
    await bob.page.routeWebSocket(/\/ws$/, (ws) => ws.close({ code: 1011 }));
    await bob.page.reload();
    await bob.chat.send('Sans socket');
    await expect(alice.chat.message('Sans socket')).toBeVisible();
    await expect(bob.chat.message('Sans socket')).toBeVisible();
    expect(bobPosts).toHaveLength(1);
  });
});

test.describe('chat with reduced motion', () => {
  test.use({ contextOptions: { reducedMotion: 'reduce' } });

  test('a channel one scrolled up in is kept where one left it', async ({ alice, bob }) => {
    // Every element's transitions cut to 1 ms eased the list's spacers as it showed again,
    // and it landed ~300 px lower (styles.css, the reduced-motion rule).
    await openLongChannel(alice, bob);
    await keptWhereScrolled(alice);
  });
});
