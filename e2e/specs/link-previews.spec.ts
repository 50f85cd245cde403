import { mkdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, ViewportSize } from '@playwright/test';
import sharp from 'sharp';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * Link previews (docs/product.md, « Aperçus de liens »): a link Alice posts gets its card under
 * the message, live, in her tab and in Bob's (on a phone) — title, site, description and the
 * server's thumbnail; the page is read by the server, never by the browsers (the site counts
 * who asks for its image). Alice removes it: gone in both. The server reaches the site through
 * its test network (server/test/link-previews-node.ts): `site.test` is a public address served
 * here by this spec's loopback site; loopback itself stays refused.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let server: E2eServer;
let site: http.Server;
const hits: Array<{ path: string; agent: string | undefined }> = [];

test.beforeAll(async () => {
  test.setTimeout(240_000);
  const image = await sharp({
    create: { width: 1200, height: 630, channels: 3, background: { r: 245, g: 176, b: 30 } },
  })
    .png()
    .toBuffer();
  site = http.createServer((req, res) => {
    hits.push({ path: req.url ?? '', agent: req.headers['user-agent'] });
    if (req.url === '/ruches.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(image);
      return;
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><head><title>Document</title>
      <meta property="og:title" content="Installer une ruche au jardin">
      <meta property="og:site_name" content="Le Journal des abeilles">
      <meta property="og:description" content="Où la placer, quand la peupler, et comment la visiter sans déranger la colonie : le guide pas à pas pour une première saison.">
      <meta property="og:image" content="/ruches.png"></head><body>…</body></html>`,
    );
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const { port } = site.address() as AddressInfo;
  server = await startE2eServer(
    { LINK_PREVIEWS: 'on', RUCHE_TEST_PREVIEW_SITE_PORT: String(port) },
    { sourceEntry: 'server/test/link-previews-node.ts' },
  );
});
test.afterAll(async () => {
  await server?.stop();
  site?.closeAllConnections();
  await new Promise((resolve) => site?.close(resolve));
});

async function open(browser: Browser, name: string, viewport: ViewportSize): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport });
}

test('a posted link gets its preview live in both tabs; its author removes it for both', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const alice = await open(browser, 'Alice', { width: 1280, height: 800 });
  const bob = await open(browser, 'Bob', PHONE);
  try {
    await alice.arrive();
    await bob.arrive();
    const created = await alice.page.request.post('/api/channels', {
      data: { name: `apercus-${Math.random().toString(36).slice(2, 7)}`, type: 'group' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const channelId = ((await created.json()) as { id: string }).id;
    const invite = await alice.page.request.post(`/api/channels/${channelId}/invites`);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };
    const joined = await bob.page.request.post(`/api/channel-invites/${inviteCode}/join`);
    expect(joined.status(), await joined.text()).toBe(200);

    await alice.page.goto(`/channel/${channelId}`);
    await bob.page.goto(`/channel/${channelId}`);
    // Both sockets live: what Bob sends reaches Alice.
    await bob.chat.send('Je suis là');
    await expect(alice.chat.message('Je suis là')).toBeVisible();
    await alice.chat.send('Pour le printemps : http://site.test/guide-ruche');

    // Both tabs: the card arrives after the message, with the server's thumbnail.
    for (const actor of [alice, bob]) {
      const message = actor.chat.message('Pour le printemps');
      const cards = message.getByRole('list', { name: 'Aperçus des liens' });
      const title = cards.getByRole('link', { name: 'Installer une ruche au jardin' });
      await expect(title).toBeVisible({ timeout: 15_000 });
      await expect(title).toHaveAttribute('href', 'http://site.test/guide-ruche');
      await expect(cards).toContainText('Le Journal des abeilles');
      await expect(cards).toContainText('Où la placer');
      const thumbnail = cards.locator('img');
      await expect(thumbnail).toHaveAttribute(
        'src',
        /^\/api\/link-previews\/[0-9a-f-]+\/image\?v=/,
      );
      await expect
        .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
    }
    // The page and its image were asked for once each, by the server.
    expect(hits.map((h) => h.path)).toEqual(['/guide-ruche', '/ruches.png']);
    expect(hits.every((h) => h.agent?.startsWith('RucheBot/'))).toBe(true);

    // Only the author may remove it.
    await expect(
      bob.chat.message('Pour le printemps').getByRole('button', { name: 'Retirer l’aperçu' }),
    ).toHaveCount(0);
    await alice.page.screenshot({ path: `${SHOTS}/link-preview-desktop.png` });
    await bob.page.screenshot({ path: `${SHOTS}/link-preview-phone.png` });

    const remove = alice.chat
      .message('Pour le printemps')
      .getByRole('button', { name: 'Retirer l’aperçu' });
    await remove.focus();
    await alice.page.keyboard.press('Enter');
    for (const actor of [alice, bob]) {
      await expect(
        actor.chat.message('Pour le printemps').getByRole('list', { name: 'Aperçus des liens' }),
      ).toHaveCount(0);
    }
    // Gone for good: a reload shows the message without it.
    await bob.page.reload();
    await expect(bob.chat.message('Pour le printemps')).toBeVisible();
    await expect(bob.page.getByRole('list', { name: 'Aperçus des liens' })).toHaveCount(0);
  } finally {
    await Promise.all([alice, bob].map((actor) => actor.page.context().close()));
  }
});

test('a channel’s owner turns link previews off in the members tab', async ({ browser }) => {
  test.setTimeout(180_000);
  const olivia = await open(browser, 'Olivia', PHONE);
  try {
    await olivia.signUp();
    const created = await olivia.page.request.post('/api/channels', {
      data: { name: `sans-apercu-${Math.random().toString(36).slice(2, 7)}`, type: 'group' },
    });
    const channelId = ((await created.json()) as { id: string }).id;
    await olivia.page.goto(`/channel/${channelId}`);
    await olivia.channels.tab('Membres').click();
    const toggle = olivia.page.getByRole('switch', { name: 'Aperçus des liens' });
    await expect(toggle).toBeChecked();
    await toggle.click();
    await expect(toggle).not.toBeChecked();
    await olivia.page.reload();
    await olivia.channels.tab('Membres').click();
    await expect(toggle).not.toBeChecked();
    await olivia.page.screenshot({
      path: `${SHOTS}/link-preview-switch-phone.png`,
      animations: 'disabled',
    });
    const saved = await olivia.page.request.get(`/api/channels/${channelId}/link-previews`);
    expect(await saved.json()).toMatchObject({ enabled: false });
  } finally {
    await olivia.page.context().close();
  }
});
