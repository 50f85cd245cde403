import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page, Route } from '@playwright/test';
import { Actor, expect, PHONE, test } from '../fixtures';
import { type E2eServer, freePort, startE2eServer } from '../server-process';

// docs/product.md §2.34, « Ouverture instantanée » and « Hors connexion »: the app keeps the
// channel list and the newest messages of the channels opened last in IndexedDB, under the
// user's id; the next start paints them before the server answers; the service worker keeps
// the app itself, so that it opens offline; a message written offline waits in the outbox,
// across a reload, and goes out once, in order, when the connection is back; signing out
// forgets all of it, and another account on the same browser never sees it.

async function makeChannel(actor: Actor, name: string): Promise<string> {
  const res = await actor.page.request.post('/api/channels', { data: { name, type: 'channel' } });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { id: string }).id;
}

async function post(actor: Actor, channelId: string, content: string): Promise<void> {
  const res = await actor.page.request.post(`/api/channels/${channelId}/messages`, {
    data: { content, clientId: randomUUID() },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

/**
 * The values kept in the app's IndexedDB store (lib/query-persist.ts, lib/outbox.ts), those whose
 * key starts with `prefix` when one is given; null when the store cannot be read.
 */
function keptValues(page: Page, prefix?: string): Promise<unknown[] | null> {
  return page.evaluate(
    (prefix) =>
      new Promise<unknown[] | null>((resolve) => {
        const open = indexedDB.open('ruche-offline', 1);
        open.onupgradeneeded = () => open.result.createObjectStore('kv');
        open.onerror = () => resolve(null);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('kv').objectStore('kv');
          const request =
            prefix === undefined
              ? store.getAll()
              : store.getAll(IDBKeyRange.bound(prefix, `${prefix}\uffff`));
          request.onsuccess = () => {
            db.close();
            resolve(request.result);
          };
          request.onerror = () => resolve(null);
        };
      }),
    prefix,
  );
}

/** The persisted query cache's text (lib/query-persist.ts), or '' when none is kept. */
async function keptText(page: Page): Promise<string> {
  const values = await keptValues(page);
  return values ? JSON.stringify(values) : '';
}

/** Holds every channel request (list, channel, messages) until `release` is called. */
async function holdChannelRequests(context: BrowserContext) {
  const held: Route[] = [];
  let released = false;
  await context.route(/\/api\/channels/, (route) => {
    if (released) return route.continue();
    held.push(route);
  });
  return {
    count: () => held.length,
    release: async () => {
      released = true;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * From the page's first script on: whether `text` is ever in the page, shown or hidden (the
 * last screen's cover included, which may come before the body: web/boot/last-screen.ts).
 */
async function watchForLeak(page: Page, text: string): Promise<void> {
  await page.addInitScript((secret) => {
    const check = () => {
      if (document.documentElement.textContent.includes(secret))
        (window as { leaked?: boolean }).leaked = true;
      requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  }, text);
}

const leaked = (page: Page) =>
  page.evaluate(() => (window as { leaked?: boolean }).leaked ?? false);

test('a start paints the last channel from the kept cache before the server answers, then brings it up to date', async ({
  alice,
}) => {
  await alice.arrive();
  const channelId = await makeChannel(alice, `garde-${randomUUID().slice(0, 6)}`);
  await post(alice, channelId, 'Message gardé pour le prochain démarrage');
  await alice.page.goto(`/channel/${channelId}`);
  await expect(alice.chat.message('Message gardé pour le prochain démarrage')).toBeVisible();
  // Written within a second of the change (and when the page is hidden).
  await expect.poll(() => keptText(alice.page)).toContain('Message gardé pour le prochain');
  await alice.page.close();

  // While the app is closed, a message arrives; the next start's channel requests are held.
  await post(alice, channelId, 'Arrivé pendant l’absence');
  const hold = await holdChannelRequests(alice.context);
  const page = await alice.context.newPage();
  await page.goto('/');
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Message gardé pour le prochain démarrage')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /^garde-/ })).toBeVisible();
  // Painted from the cache: the server has not answered a single channel request yet.
  await expect.poll(() => hold.count()).toBeGreaterThan(0);
  await expect(log.getByText('Arrivé pendant l’absence')).toHaveCount(0);

  await hold.release();
  await expect(log.getByText('Arrivé pendant l’absence')).toBeVisible();
  await expect(log.getByText('Message gardé pour le prochain démarrage')).toBeVisible();
});

/** The last screen kept for the next start (web/src/lib/keep-last-screen.ts), or ''. */
const keptScreen = (page: Page) =>
  page.evaluate(() => localStorage.getItem('ruche:last-screen') ?? '');

test('a start paints the last screen before the app has loaded, as it was left, then the app takes its place', async ({
  alice,
}) => {
  await alice.arrive();
  const channelId = await makeChannel(alice, `écran-${randomUUID().slice(0, 6)}`);
  for (let i = 1; i <= 25; i++) await post(alice, channelId, `Point ${i} du jour`);
  // Hostile text kept as text: the cover shows it, nothing of it runs.
  const hostile =
    'Dernier mot <img src=x onerror="window.pwned=1"> <script>window.pwned=1</script> [lien](javascript:window.pwned=1)';
  await post(alice, channelId, hostile);
  await alice.page.goto(`/channel/${channelId}`);
  const last = alice.page
    .getByRole('log', { name: 'Messages' })
    .locator('p', { hasText: 'Dernier mot' });
  await expect(last).toBeVisible();
  await expect.poll(() => keptScreen(alice.page)).toContain('Dernier mot');
  // Left (the screen kept once more as the page goes: its pagehide).
  const leftAt = await last.evaluate((text) => {
    window.dispatchEvent(new PageTransitionEvent('pagehide'));
    return text.getBoundingClientRect().top;
  });
  await alice.page.close();

  // The app's code held back 2 s: whatever shows meanwhile comes from the last screen.
  await alice.context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    await route.continue();
  });
  const page = await alice.context.newPage();
  await page.goto('/');
  const cover = page.locator('#last-screen');
  const kept = cover.locator('[role="log"] p', { hasText: 'Dernier mot' });
  await expect(kept).toBeVisible();
  // Where it was left, seen, not used, and not read out; the app's own screen not there yet.
  expect(await kept.evaluate((text) => text.getBoundingClientRect().top)).toBeCloseTo(leftAt, 0);
  await expect(cover).toHaveAttribute('inert', '');
  await expect(cover).toHaveAttribute('aria-hidden', 'true');
  await expect(page.getByRole('log', { name: 'Messages' })).toHaveCount(0);

  // The app up: its own list, and the cover gone.
  await expect(
    page.getByRole('log', { name: 'Messages' }).locator('p', { hasText: 'Dernier mot' }),
  ).toBeVisible();
  await expect(cover).toHaveCount(0);
  expect(await page.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
});

/**
 * From the page's first script on: when the cover (web/boot/last-screen.ts) was put up and
 * taken away, and whether it was the skeleton.
 */
async function watchCover(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen = window as { cover?: { skeleton: boolean; at: number; goneAt?: number } };
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.id === 'last-screen') {
            seen.cover = { skeleton: node.hasAttribute('data-skeleton'), at: performance.now() };
          }
        }
        for (const node of record.removedNodes) {
          if (node instanceof HTMLElement && node.id === 'last-screen' && seen.cover) {
            seen.cover.goneAt = performance.now();
          }
        }
      }
      // The document itself: its root element is not parsed yet when this runs.
    }).observe(document, { childList: true, subtree: true });
  });
}

const coverSeen = (page: Page) =>
  page.evaluate(
    () => (window as { cover?: { skeleton: boolean; at: number; goneAt?: number } }).cover ?? null,
  );

test('a start with nothing kept paints the screen’s shape before the app has loaded; an empty channel or a visitor is not kept waiting', async ({
  alice,
  browser,
  baseURL,
}) => {
  await alice.arrive();
  const channelId = await makeChannel(alice, `forme-${randomUUID().slice(0, 6)}`);
  await post(alice, channelId, 'Premier message du salon');
  const emptyId = await makeChannel(alice, `vide-${randomUUID().slice(0, 6)}`);

  // A browser that kept nothing (a new one), signed in by its cookie; the app's code held
  // back 1.5 s.
  const context = await browser.newContext({
    baseURL,
    locale: 'fr-FR',
    viewport: { width: 1280, height: 800 },
    serviceWorkers: 'block',
    storageState: { cookies: await alice.context.cookies(), origins: [] },
  });
  await watchCover(context);
  await context.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`/channel/${channelId}`);
  const cover = page.locator('#last-screen');
  await expect(cover).toHaveAttribute('data-skeleton', '');
  // The whole window, seen, not used, not read out, and nothing of anyone's in it.
  await expect(cover).toHaveAttribute('inert', '');
  await expect(cover).toHaveAttribute('aria-hidden', 'true');
  expect(await cover.evaluate((element) => element.textContent?.trim())).toBe('');
  expect(await cover.boundingBox()).toEqual({ x: 0, y: 0, width: 1280, height: 800 });
  // The app up: its own list, and the cover gone.
  await expect(
    page.getByRole('log', { name: 'Messages' }).getByText('Premier message du salon'),
  ).toBeVisible();
  await expect(cover).toHaveCount(0);
  expect((await coverSeen(page))?.skeleton).toBe(true);

  // An empty channel has no list to wait for: its screen takes the cover's place as it shows
  // (not when the cover's time is up, 8 s).
  const empty = await context.newPage();
  await empty.goto(`/channel/${emptyId}`);
  await expect(empty.getByRole('heading', { name: /^Bienvenue dans #vide-/ })).toBeVisible();
  await expect(empty.locator('#last-screen')).toHaveCount(0, { timeout: 1000 });
  expect((await coverSeen(empty))?.skeleton).toBe(true);
  await context.close();

  // A visitor signed out: the landing page, never a cover.
  const visitor = await browser.newContext({ baseURL, locale: 'fr-FR' });
  await watchCover(visitor);
  const landing = await visitor.newPage();
  await landing.goto('/');
  await expect(
    landing.getByRole('banner').getByRole('button', { name: 'Se connecter' }),
  ).toBeVisible();
  expect(await coverSeen(landing)).toBeNull();
  await visitor.close();
});

test('signing out forgets the cache, and the next account on this browser sees none of it', async ({
  alice,
  actor,
}) => {
  await alice.arrive();
  const secret = `Secret d’Alice ${randomUUID().slice(0, 8)}`;
  const channelId = await makeChannel(alice, `privé-${randomUUID().slice(0, 6)}`);
  await post(alice, channelId, secret);
  await alice.page.goto(`/channel/${channelId}`);
  await expect(alice.chat.message(secret)).toBeVisible();
  await expect.poll(() => keptText(alice.page)).toContain(secret);

  await alice.shell.signOut();
  await expect(alice.page).toHaveURL(/\/$/);
  await expect(alice.landing.signInButton).toBeVisible();
  await expect.poll(() => keptText(alice.page)).not.toContain(secret);
  expect(await alice.page.evaluate(() => localStorage.getItem('ruche:offline-user'))).toBeNull();
  expect(await alice.page.evaluate(() => localStorage.getItem('ruche:last-screen'))).toBeNull();

  // Bob signs up on the same browser (Alice's context): nothing of Alice's shows, ever.
  const bob = await actor('Bob');
  const page = await alice.context.newPage();
  await watchForLeak(page, secret);
  const reg = await page.request.post('/api/auth/register', {
    data: { email: bob.email, password: bob.password, firstName: 'Bob' },
  });
  expect(reg.status()).toBe(201);
  await page.request.patch('/api/auth/user', { data: { displayName: 'Bob' } });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Bienvenue dans Ruche' })).toBeVisible();
  await expect.poll(() => keptText(page)).toContain('"displayName":"Bob"');
  expect(await keptText(page)).not.toContain(secret);
  expect(await leaked(page)).toBe(false);
});

test('an account whose session was replaced without signing out: the next account never sees its cache', async ({
  alice,
  actor,
}) => {
  await alice.arrive();
  const secret = `Secret gardé ${randomUUID().slice(0, 8)}`;
  const channelId = await makeChannel(alice, `garde-${randomUUID().slice(0, 6)}`);
  await post(alice, channelId, secret);
  await alice.page.goto(`/channel/${channelId}`);
  await expect(alice.chat.message(secret)).toBeVisible();
  await expect.poll(() => keptText(alice.page)).toContain(secret);
  await alice.page.close();

  // Another account signs in on this browser: the cookie changes, Alice's cache is still there.
  const bob = await actor('Bob');
  const page = await alice.context.newPage();
  await watchForLeak(page, secret);
  const reg = await page.request.post('/api/auth/register', {
    data: { email: bob.email, password: bob.password, firstName: 'Bob' },
  });
  expect(reg.status()).toBe(201);
  await page.request.patch('/api/auth/user', { data: { displayName: 'Bob' } });
  await page.goto(`/channel/${channelId}`);
  // Bob is not a member: the channel is not found for him, and Alice's messages never showed.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => keptText(page)).not.toContain(secret);
  await expect(page.getByText(secret)).toHaveCount(0);
  expect(await leaked(page)).toBe(false);
});

const OFFLINE_MARKER = /^Hors connexion/;
const QUEUED = 'En attente d’envoi';

/** The service worker in control of the page, the app's shell precached (web/sw/sw.ts). */
async function shellPrecached(page: Page): Promise<void> {
  // `ready`: a worker is active, so its install (the precache) is done. Registered ~3 s after load.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
}

/** The outbox's text (lib/outbox.ts), or '' when it keeps nothing. */
async function outboxText(page: Page): Promise<string> {
  const values = await keptValues(page, 'outbox:');
  return values?.length ? JSON.stringify(values) : '';
}

/** How many messages of the channel, as the server stores them, have exactly this text. */
async function storedCount(actor: Actor, channelId: string, content: string): Promise<number> {
  const res = await actor.page.request.get(`/api/channels/${channelId}/messages`);
  expect(res.ok(), await res.text()).toBe(true);
  const body = JSON.stringify(await res.json());
  return body.split(`"content":${JSON.stringify(content)}`).length - 1;
}

/**
 * The tests that wait for the shell's precache: its first install downloads the build's ~250
 * files one after another (web/sw/sw.ts), which takes a while on two cores shared with the
 * other workers.
 */
const PRECACHE_TEST_MS = 150_000;
/** A reload's first paint, on the same busy cores: the app's whole first load runs again. */
const AFTER_RELOAD = { timeout: 45_000 };

/** Alice in a channel of her own with one message, the page kept and the shell precached. */
async function aliceReadyOffline(alice: Actor, message: string) {
  await alice.arrive();
  const channelId = await makeChannel(alice, `hors-ligne-${randomUUID().slice(0, 6)}`);
  await post(alice, channelId, message);
  await alice.page.goto(`/channel/${channelId}`);
  await expect(alice.chat.message(message)).toBeVisible();
  await expect.poll(() => keptText(alice.page)).toContain(message);
  await shellPrecached(alice.page);
  return channelId;
}

test('offline, a reload opens the app from its precached shell: the channels kept read, with the offline marker', async ({
  actor,
}) => {
  test.setTimeout(PRECACHE_TEST_MS);
  const alice = await actor('Alice', { serviceWorkers: 'allow' });
  await alice.arrive();
  const first = await makeChannel(alice, `premier-${randomUUID().slice(0, 6)}`);
  const second = await makeChannel(alice, `second-${randomUUID().slice(0, 6)}`);
  await post(alice, first, 'Compte rendu de la revue, lu hors connexion');
  await post(alice, second, 'Ordre du jour de la réunion, lu hors connexion');
  await alice.page.goto(`/channel/${first}`);
  await expect(alice.chat.message('Compte rendu de la revue')).toBeVisible();
  await alice.channels.channelLink((await channelName(alice, second)) ?? '').click();
  await expect(alice.chat.message('Ordre du jour de la réunion')).toBeVisible();
  await expect.poll(() => keptText(alice.page)).toContain('Ordre du jour de la réunion');
  await expect.poll(() => keptText(alice.page)).toContain('Compte rendu de la revue');
  await shellPrecached(alice.page);
  // Not the marker while connected.
  await expect(alice.page.getByText(OFFLINE_MARKER)).toHaveCount(0);

  await alice.context.setOffline(true);
  await alice.page.reload();
  await expect(alice.page.getByRole('status').filter({ hasText: OFFLINE_MARKER })).toBeVisible(
    AFTER_RELOAD,
  );
  await expect(alice.chat.message('Ordre du jour de la réunion')).toBeVisible();
  await alice.page.screenshot({ path: test.info().outputPath('offline-desktop.png') });
  // The other channel opened last reads too, from the sidebar.
  await alice.channels.channelLink((await channelName(alice, first)) ?? '').click();
  await expect(alice.chat.message('Compte rendu de la revue')).toBeVisible();

  // At a phone's size, opened again offline.
  await alice.page.setViewportSize(PHONE);
  await alice.page.reload();
  await expect(alice.chat.message('Compte rendu de la revue')).toBeVisible(AFTER_RELOAD);
  await expect(alice.page.getByRole('status').filter({ hasText: OFFLINE_MARKER })).toBeVisible();
  await alice.page.screenshot({ path: test.info().outputPath('offline-phone.png') });

  // Back online: the marker goes, and the channel is live again.
  await alice.context.setOffline(false);
  await expect(alice.page.getByText(OFFLINE_MARKER)).toHaveCount(0);
  await post(alice, first, 'De retour en ligne');
  await expect(alice.chat.message('De retour en ligne')).toBeVisible();
});

test('a message written offline waits, survives a reload, and goes out exactly once when back online', async ({
  actor,
}) => {
  test.setTimeout(PRECACHE_TEST_MS);
  const alice = await actor('Alice', { serviceWorkers: 'allow' });
  const text = `Écrit dans le train ${randomUUID().slice(0, 8)}`;
  const later = `Puis celui-ci ${randomUUID().slice(0, 8)}`;
  const channelId = await aliceReadyOffline(alice, 'Avant le tunnel');

  await alice.context.setOffline(true);
  await alice.chat.send(text);
  await alice.chat.send(later);
  const queued = alice.chat.message(text);
  await expect(queued).toContainText(QUEUED);
  await expect(alice.chat.message(later)).toContainText(QUEUED);
  await expect.poll(() => outboxText(alice.page)).toContain(later);
  await alice.page.screenshot({ path: test.info().outputPath('queued-desktop.png') });

  // A reload while still offline: the app opens, and the two messages still wait.
  await alice.page.reload();
  await expect(alice.chat.message(text)).toContainText(QUEUED, AFTER_RELOAD);
  await expect(alice.chat.message(later)).toContainText(QUEUED);
  expect(await storedCount(alice, channelId, text)).toBe(0);

  await alice.context.setOffline(false);
  await expect(alice.chat.message(text)).toBeVisible();
  await expect(alice.chat.message(text)).not.toContainText(QUEUED);
  await expect(alice.chat.message(later)).not.toContainText(QUEUED);
  await expect.poll(() => outboxText(alice.page)).toBe('');
  expect(await storedCount(alice, channelId, text)).toBe(1);
  expect(await storedCount(alice, channelId, later)).toBe(1);
  // In the order written.
  const stored = await (await alice.page.request.get(`/api/channels/${channelId}/messages`)).text();
  expect(stored.indexOf(text)).toBeLessThan(stored.indexOf(later));

  // Another start sends nothing again.
  await alice.page.reload();
  await expect(alice.chat.message(later)).toBeVisible(AFTER_RELOAD);
  await expect(alice.chat.message(text)).toHaveCount(1);
  expect(await storedCount(alice, channelId, text)).toBe(1);
});

test('signing out forgets the messages waiting to be sent: they never go out', async ({
  actor,
}) => {
  test.setTimeout(PRECACHE_TEST_MS);
  const alice = await actor('Alice', { serviceWorkers: 'allow' });
  const text = `Jamais envoyé ${randomUUID().slice(0, 8)}`;
  const channelId = await aliceReadyOffline(alice, 'Un canal à quitter');
  // The socket never connects and the POSTs are held: the message waits, kept in the outbox.
  let cutOff = true;
  await alice.context.routeWebSocket(/\/ws$/, (ws) => (cutOff ? ws.close() : ws.connectToServer()));
  await alice.context.route(/\/api\/channels\/[^/]+\/messages$/, (route) => {
    if (!cutOff || route.request().method() !== 'POST') return route.continue();
    // Held until the page goes away.
  });
  await alice.page.reload();
  await expect(alice.chat.composer).toBeVisible(AFTER_RELOAD);
  await alice.chat.send(text);
  await expect(alice.chat.message(text)).toBeVisible();
  await expect.poll(() => outboxText(alice.page)).toContain(text);

  await alice.shell.signOut();
  await expect(alice.landing.signInButton).toBeVisible();
  expect(await outboxText(alice.page)).toBe('');
  expect(await keptText(alice.page)).not.toContain(text);

  // Alice again, connected: nothing of it comes back, nothing goes out.
  cutOff = false;
  const login = await alice.page.request.post('/api/auth/login', {
    data: { email: alice.email, password: alice.password },
  });
  expect(login.ok(), await login.text()).toBe(true);
  await alice.page.goto(`/channel/${channelId}`);
  await expect(alice.chat.message('Un canal à quitter')).toBeVisible(AFTER_RELOAD);
  await expect(alice.chat.message(text)).toHaveCount(0);
  expect(await storedCount(alice, channelId, text)).toBe(0);
});

/** The channel's name, as the sidebar shows it. */
async function channelName(actor: Actor, channelId: string): Promise<string | undefined> {
  const res = await actor.page.request.get(`/api/channels/${channelId}`);
  return ((await res.json()) as { name?: string }).name;
}

test.describe('the server stopped', () => {
  let server: E2eServer | undefined;
  let dataDir = '';
  test.afterEach(async () => {
    await server?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  test('the app opens from its shell with the server gone, and a message written meanwhile goes out once it is back', async ({
    browser,
  }) => {
    test.setTimeout(PRECACHE_TEST_MS + 60_000);
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-e2e-offline-'));
    const port = await freePort();
    server = await startE2eServer({}, { dataDir, port });
    const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
    const page = await context.newPage();
    const alice = new Actor('Alice', context, page);
    const text = `Pendant la panne ${randomUUID().slice(0, 8)}`;
    const channelId = await aliceReadyOffline(alice, 'Avant la panne');

    await server.stop();
    server = undefined;
    await page.reload();
    await expect(page.getByRole('status').filter({ hasText: OFFLINE_MARKER })).toBeVisible(
      AFTER_RELOAD,
    );
    await expect(alice.chat.message('Avant la panne')).toBeVisible();
    await alice.chat.send(text);
    // Tried a few times, then it waits for the server.
    await expect(alice.chat.message(text)).toContainText(QUEUED, { timeout: 40_000 });
    await expect.poll(() => outboxText(page)).toContain(text);
    await page.reload();
    await expect(alice.chat.message(text)).toContainText(QUEUED, AFTER_RELOAD);

    // The server back on the same address, with its data: the socket reconnects, the send goes.
    server = await startE2eServer({}, { dataDir, port });
    await expect(page.getByText(OFFLINE_MARKER)).toHaveCount(0, { timeout: 30_000 });
    await expect(alice.chat.message(text)).not.toContainText(QUEUED);
    await expect.poll(() => outboxText(page)).toBe('');
    expect(await storedCount(alice, channelId, text)).toBe(1);
    await context.close();
  });
});
