import type { Page } from '@playwright/test';
import { type Actor, expect, PHONE, test } from '../fixtures';

// docs/security.md, "Hostile content": one message holding an address that does not parse
// (`![x](http://[)`) threw while rendering and blanked the app for every reader of its
// channel. Now such an address is text, and a message that still cannot render shows as
// "Ce message ne peut pas être affiché" while the list around it stays readable.

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';

/** The report's addresses (issue 42): none of them parses as a URL. */
const UNPARSABLE = [
  'http://[',
  'http://a b',
  'https://a%zz/',
  'https://xn--/x',
  'http://1.2.3.4.5/',
];
/** `<…>` keeps a space inside a markdown destination. */
const destination = (address: string) => (address.includes(' ') ? `<${address}>` : address);

const unique = (prefix: string) => `${prefix}-${Math.random().toString(36).slice(2, 7)}`;

async function post(author: Actor, channelId: string, content: string): Promise<void> {
  const sent = await author.page.request.post(`/api/channels/${channelId}/messages`, {
    data: { content, clientId: crypto.randomUUID() },
  });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** A channel of Alice's that the reader has joined. */
async function sharedChannel(alice: Actor, reader: Actor): Promise<string> {
  const created = await alice.page.request.post('/api/channels', {
    data: { name: unique('pieges'), type: 'channel' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  expect((await reader.page.request.post(`/api/channels/${id}/join`)).ok()).toBe(true);
  return id;
}

/** The reader's errors: an uncaught one is what blanked the page. */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

for (const [size, viewport] of [
  ['desktop', undefined],
  ['phone', PHONE],
] as const) {
  test.describe(`hostile messages (${size})`, () => {
    test.describe.configure({ timeout: 180_000 });

    test('addresses that do not parse show as text; the channel stays readable and writable', async ({
      alice,
      actor,
    }) => {
      const bob = await actor('Bob', viewport ? { viewport } : {});
      await alice.signUp();
      await bob.signUp();
      const id = await sharedChannel(alice, bob);
      for (const [index, address] of UNPARSABLE.entries()) {
        await post(alice, id, `image ${index} ![x](${destination(address)})`);
        const autolink = address.includes(' ') ? '' : ` et <${address}>`;
        await post(alice, id, `lien ${index} [ici](${destination(address)})${autolink}`);
      }
      await post(alice, id, 'Après les pièges, tout le monde lit encore.');

      const errors = pageErrors(bob.page);
      await alice.page.goto(`/channel/${id}`);
      await bob.page.goto(`/channel/${id}`);
      await expect(bob.chat.message('Après les pièges')).toBeVisible();
      // Each address is text: no image, no link, and the address can still be read.
      for (const [index, address] of UNPARSABLE.entries()) {
        const image = bob.chat.message(`image ${index}`);
        await image.scrollIntoViewIfNeeded();
        await expect(image).toContainText('adresse invalide');
        await expect(image.locator('img')).toHaveCount(0);
        const link = bob.chat.message(`lien ${index}`);
        await expect(link).toContainText('ici');
        await expect(link.getByRole('link')).toHaveCount(0);
        if (!address.includes(' ')) await expect(link).toContainText(address);
      }
      await bob.page.screenshot({ path: `${SHOTS}/hostile-addresses-${size}.png` });

      // The composer works, and Alice gets the reply live.
      await bob.chat.send('Bob lit toujours le canal.');
      await expect(alice.chat.message('Bob lit toujours le canal.')).toBeVisible();
      expect(errors).toEqual([]);
    });

    test('a message that cannot render shows its fallback and raw text; the rest stays readable', async ({
      alice,
      actor,
    }) => {
      const bob = await actor('Bob', viewport ? { viewport } : {});
      await alice.signUp();
      await bob.signUp();
      const id = await sharedChannel(alice, bob);
      await post(alice, id, 'Avant le message abîmé.');
      await post(alice, id, 'Message **abîmé** en transit');
      await post(alice, id, 'Après le message abîmé.');

      // A page damaged on its way (a broken proxy, a bug of the server): a date that is not
      // one makes the message's timestamp throw while it renders (`toISOString`).
      await bob.page.route(`**/api/channels/${id}/messages*`, async (route) => {
        const response = await route.fetch();
        const page = (await response.json()) as {
          messages: { content: string; createdAt: string }[];
        };
        for (const message of page.messages) {
          if (message.content.startsWith('Message **abîmé**')) message.createdAt = 'pas une date';
        }
        await route.fulfill({ response, json: page });
      });
      const errors = pageErrors(bob.page);
      await bob.page.goto(`/channel/${id}`);
      await expect(bob.chat.message('Après le message abîmé.')).toBeVisible();
      await expect(bob.chat.message('Avant le message abîmé.')).toBeVisible();
      const broken = bob.chat.message('Ce message ne peut pas être affiché.');
      await expect(broken).toBeVisible();
      await broken.getByText('Voir le texte brut').click();
      await expect(broken.locator('pre')).toHaveText('Message **abîmé** en transit');
      await expect(broken).toContainText(/Référence de l’erreur\s: [0-9A-F]{4}-[0-9A-F]{4}/);
      await bob.page.screenshot({ path: `${SHOTS}/message-fallback-${size}.png` });

      await bob.chat.send('Bob répond quand même.');
      await expect(bob.chat.message('Bob répond quand même.')).toBeVisible();
      // Caught by its boundary: nothing reached the page uncaught.
      expect(errors).toEqual([]);
    });

    test('a screen that fails shows its fallback; the sidebar still leads elsewhere', async ({
      actor,
    }) => {
      const alice = await actor('Alice', viewport ? { viewport } : {});
      await alice.arrive();
      const first = unique('ecran');
      const other = unique('ailleurs');
      for (const name of [first, other]) {
        const created = await alice.page.request.post('/api/channels', {
          data: { name, type: 'channel' },
        });
        expect(created.status(), await created.text()).toBe(201);
      }
      await alice.page.reload();
      if (viewport) await alice.shell.mobileMenuButton.click();
      await alice.channels.channelLink(first).click();
      await expect(alice.channels.heading(first)).toBeVisible();
      // The board tab's code cannot be fetched (a deploy replaced it, the network dropped).
      await alice.page.route(/\/assets\/board-tab-[\w-]+\.js$/, (route) => route.abort());
      const errors = pageErrors(alice.page);
      await alice.channels.tab('Tableau').click();
      const fallback = alice.page
        .getByRole('alert')
        .filter({ hasText: 'Cet écran n’a pas pu s’afficher.' });
      await expect(fallback).toBeVisible();
      await expect(fallback.getByRole('button', { name: 'Réessayer' })).toBeVisible();
      await expect(fallback).toContainText(/Référence de l’erreur\s: [0-9A-F]{4}-[0-9A-F]{4}/);
      await alice.page.screenshot({ path: `${SHOTS}/screen-fallback-${size}.png` });

      // The shell still works: another channel opens, and the boundary lets it render.
      if (viewport) await alice.shell.mobileMenuButton.click();
      await alice.channels.channelLink(other).click();
      await expect(alice.channels.heading(other)).toBeVisible();
      await expect(fallback).toBeHidden();
      await alice.chat.send('Toujours là.');
      expect(errors).toEqual([]);
    });

    test('when the app itself cannot start, a calm page offers to reload', async ({ actor }) => {
      const alice = await actor('Alice', viewport ? { viewport } : {});
      await alice.arrive();
      // The app's chunk cannot be fetched: before the root boundary, a blank page.
      const appChunk = /\/assets\/app-[\w-]{8}\.js$/;
      await alice.page.route(appChunk, (route) => route.abort());
      const logged: string[] = [];
      alice.page.on('console', (message) => {
        if (message.type() === 'error') logged.push(message.text());
      });
      await alice.page.goto('/settings');
      const crash = alice.page.getByRole('alert');
      await expect(
        crash.getByRole('heading', { name: 'Ruche a rencontré un problème' }),
      ).toBeVisible();
      const reference = (await crash.getByText(/Référence de l’erreur/).textContent())?.split(
        /\s:\s/,
      )[1];
      expect(reference).toMatch(/^[0-9A-F]{4}-[0-9A-F]{4}$/);
      // The console names the same reference, for whoever the person quotes it to.
      expect(logged.some((line) => line.includes(reference!))).toBe(true);
      await alice.page.screenshot({ path: `${SHOTS}/crash-page-${size}.png` });

      await alice.page.unroute(appChunk);
      await crash.getByRole('button', { name: 'Recharger' }).click();
      await expect(alice.settings.heading).toBeVisible();
    });
  });
}
