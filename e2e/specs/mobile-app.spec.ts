/**
 * The app against a remote Ruche (docs/mobile.md): the shell's build (VITE_SERVER_ORIGIN set to
 * the server) served from a second loopback origin standing in for the WebView's, the server
 * at its own origin with that origin in ALLOWED_ORIGINS. The app signs in with a local account
 * (its session a bearer token, no cookie), lists its channels, opens its socket on the
 * server's host, sends and receives live, and downloads a file. On a stand-in for the phone
 * (native-bridge.ts), it signs in with OpenID Connect through the system browser and comes
 * back by its link. A third origin, not listed, is refused over HTTP and on the socket.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { type APIRequestContext, type Browser, expect, test } from '@playwright/test';
import sharp from 'sharp';
import { type PreviewServer, preview } from 'vite';
import { type OidcTestProvider, startOidcProvider } from '../../server/test/oidc-provider';
import type { ChannelFile } from '../../shared/files';
import { fireNative, nativeCalls, onAndroidPhone } from '../native-bridge';
import { ChatUi } from '../pages/chat';
import { downloadedBytes, FilesUi } from '../pages/files';
import { LandingPage } from '../pages/landing-page';
import { LoginPage } from '../pages/login-page';
import { WelcomeDialog } from '../pages/welcome-dialog';
import { type E2eServer, freePort, startE2eServer } from '../server-process';

const PASSWORD = 'ruche-e2e-motdepasse';
const repoRoot = path.resolve(import.meta.dirname, '../..');

let provider: OidcTestProvider;
let server: E2eServer;
let buildDir: string;
let appOrigin: string;
let foreignOrigin: string;
const previews: PreviewServer[] = [];

/** Serve the shell's build (SPA fallback) on loopback at `port`, as the WebView would. */
async function serveBuild(port: number): Promise<string> {
  const served = await preview({
    configFile: false,
    root: path.dirname(buildDir),
    logLevel: 'warn',
    build: { outDir: buildDir },
    preview: { host: '127.0.0.1', port, strictPort: true },
  });
  previews.push(served);
  return `http://localhost:${port}`;
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const [appPort, foreignPort] = [await freePort(), await freePort()];
  provider = await startOidcProvider();
  server = await startE2eServer((url) => ({
    ALLOWED_ORIGINS: `http://localhost:${appPort}`,
    PUBLIC_URL: url,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    LOCAL_AUTH: 'on',
  }));
  provider.register(`${server.url}/api/callback`);
  buildDir = await mkdtemp(path.join(os.tmpdir(), 'ruche-mobile-'));
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/mobile.mjs', 'build'], {
    cwd: repoRoot,
    env: { ...process.env, VITE_SERVER_ORIGIN: server.url, RUCHE_MOBILE_OUT: buildDir },
  });
  appOrigin = await serveBuild(appPort);
  foreignOrigin = await serveBuild(foreignPort);
});

test.afterAll(async () => {
  await Promise.all(previews.map((p) => p.close()));
  await server?.stop();
  await provider?.close();
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
});

/** A person with an account, signed in in a browser on the server's own origin. */
async function personOnTheWeb(browser: Browser, name: string) {
  const context = await browser.newContext({ baseURL: server.url });
  const email = `${name.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@ruche.test`;
  const registered = await context.request.post('/api/auth/register', {
    data: { email, password: PASSWORD, firstName: name },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const named = await context.request.patch('/api/auth/user', { data: { displayName: name } });
  expect(named.ok()).toBe(true);
  return { email, request: context.request, context };
}

async function publicChannel(owner: APIRequestContext, name: string): Promise<string> {
  const created = await owner.post('/api/channels', { data: { name, type: 'channel' } });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** Bob posts a message with one file attached. */
async function postWithFile(
  owner: APIRequestContext,
  channelId: string,
  content: string,
  file: { name: string; mimeType: string; buffer: Buffer },
): Promise<void> {
  const upload = await owner.post(`/api/channels/${channelId}/files/upload`, {
    multipart: { file },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const stored = (await upload.json()) as ChannelFile;
  const posted = await owner.post(`/api/channels/${channelId}/messages`, {
    data: {
      content,
      attachments: [
        {
          id: stored.id,
          name: stored.originalName,
          url: stored.url,
          size: stored.size,
          mimeType: stored.mimeType,
        },
      ],
    },
  });
  expect(posted.status(), await posted.text()).toBe(201);
}

test('the app signs in, lists its channels and chats live against the remote server', async ({
  browser,
  playwright,
}) => {
  // Two shared cores: the app's first load and its sign-in take most of a minute there.
  test.setTimeout(180_000);
  const bob = await personOnTheWeb(browser, 'Bob');
  const alice = await personOnTheWeb(browser, 'Alice');
  const channelName = `terrain-${Math.random().toString(36).slice(2, 6)}`;
  const channelId = await publicChannel(bob.request, channelName);
  expect((await alice.request.post(`/api/channels/${channelId}/join`)).ok()).toBe(true);

  const app = await browser.newContext({ baseURL: appOrigin });
  const page = await app.newPage();
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  const apiHosts = new Set<string>();
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) {
      apiHosts.add(new URL(request.url()).origin);
    }
  });

  // Signing in on the app's own page, with a local account.
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(alice.email, PASSWORD);
  await page.waitForURL(`${appOrigin}/`);

  // Its channels, from the remote server.
  const sidebar = page.getByRole('navigation', { name: 'Canaux et conversations' });
  const channelLink = sidebar.getByRole('region', { name: 'Canaux' }).getByText(channelName);
  await expect(channelLink).toBeVisible();
  expect([...apiHosts]).toEqual([server.url]);

  // The session is a token, kept by the app; no cookie anywhere for it.
  const cookies = await app.cookies([server.url, appOrigin]);
  expect(cookies.filter((c) => c.name.includes('ruche_session'))).toEqual([]);

  // The socket goes to the server's host.
  const serverHost = new URL(server.url).host;
  await expect.poll(() => sockets).toContain(`ws://${serverHost}/ws`);

  // Send from the app, receive live in the app.
  await channelLink.click();
  const chat = new ChatUi(page);
  await chat.send('Envoyé depuis le téléphone');
  await expect(chat.message('Envoyé depuis le téléphone')).toBeVisible();
  const sent = await bob.request.get(`/api/channels/${channelId}/messages`);
  expect(JSON.stringify(await sent.json())).toContain('Envoyé depuis le téléphone');
  const posted = await bob.request.post(`/api/channels/${channelId}/messages`, {
    data: { content: 'Bien reçu, Alice' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  await expect(chat.message('Bien reçu, Alice')).toBeVisible();

  // An image Bob attaches shows in the app: fetched from the server with the token.
  const image = await sharp({
    create: { width: 320, height: 200, channels: 3, background: '#2a9' },
  })
    .png()
    .toBuffer();
  await postWithFile(bob.request, channelId, 'La photo du chantier', {
    name: 'chantier.png',
    mimeType: 'image/png',
    buffer: image,
  });
  const files = new FilesUi(page);
  const thumbnail = files.imageButton('chantier.png').getByRole('img');
  await expect(thumbnail).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  await files.imageButton('chantier.png').click();
  const large = files.lightbox.getByRole('img', { name: 'chantier.png' });
  await expect.poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
  await page.keyboard.press('Escape');
  await expect(files.lightbox).toBeHidden();

  // A file Bob attaches downloads: outside the page (here a new tab, on a phone the system
  // browser), by a ticketed link of the server's that needs no session.
  await postWithFile(bob.request, channelId, 'Le devis', {
    name: 'devis.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Devis de la charpente : 12 400 €'),
  });
  const ticketed = app.waitForEvent('response', (response) =>
    response.url().includes('/download?ticket='),
  );
  await page.getByRole('link', { name: 'Télécharger devis.txt' }).click();
  const download = await ticketed;
  expect(download.url()).toMatch(
    new RegExp(`^${server.url}/api/files/[0-9a-f-]+/download\\?ticket=`),
  );
  expect(download.status()).toBe(200);
  // The app stayed where it was.
  expect(page.url()).toBe(`${appOrigin}/channel/${channelId}`);
  // What the system browser gets, with neither cookie nor token.
  const elsewhere = await playwright.request.newContext();
  const saved = await elsewhere.get(download.url());
  expect(saved.headers()['content-disposition']).toMatch(/^attachment; filename="devis.txt"/);
  expect(await saved.text()).toBe('Devis de la charpente : 12 400 €');
  await elsewhere.dispose();

  // The token survives a restart of the app (kept by the secure-storage plugin, whose web
  // part uses localStorage).
  // Null while a navigation is under way (the sign-out's): the poll below asks again.
  const keptTokens = () =>
    page
      .evaluate(() => Object.keys(localStorage).filter((k) => k.includes('ruche.session')))
      .catch(() => null);
  expect(await keptTokens()).toHaveLength(1);
  await page.reload();
  await expect(chat.message('Bien reçu, Alice')).toBeVisible();

  // Alice sees the app among her sessions in the browser, and signs out of the app.
  const listed = await alice.request.get('/api/auth/sessions');
  expect(((await listed.json()) as unknown[]).length).toBe(2);
  await page
    .getByRole('button', { name: /menu utilisateur de /i })
    .filter({ visible: true })
    .click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await expect
    .poll(async () => ((await (await alice.request.get('/api/auth/sessions')).json()) as []).length)
    .toBe(1);
  // Signed out: no token kept, and the app on a signed-out screen (its root, or its sign-in
  // page when the socket's 4401 wins the race).
  await expect.poll(keptTokens).toEqual([]);
  await expect(
    page.getByRole('tab', { name: 'Se connecter' }).or(new LandingPage(page).signInButton),
  ).toBeVisible();

  await Promise.all([app.close(), alice.context.close(), bob.context.close()]);
});

test('an origin not listed is refused, over HTTP and on the socket', async ({ browser }) => {
  const alice = await personOnTheWeb(browser, 'Alice');
  // A valid app token, had through the listed origin.
  const signedIn = await alice.request.post('/api/auth/login', {
    data: { email: alice.email, password: PASSWORD },
    headers: { origin: appOrigin, 'x-session-transport': 'bearer' },
  });
  const token = signedIn.headers()['x-session-token'];
  expect(token).toBeTruthy();

  const context = await browser.newContext({ baseURL: foreignOrigin });
  const page = await context.newPage();
  await page.goto('/login');
  const outcome = await page.evaluate(
    async ({ serverUrl, token }) => {
      const http = await fetch(`${serverUrl}/api/auth/user`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then(
        (res) => `answered ${res.status}`,
        () => 'refused',
      );
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`${serverUrl.replace('http', 'ws')}/ws`, [
          'ruche',
          `bearer.${token}`,
        ]);
        ws.onopen = () => resolve('open');
        ws.onclose = () => resolve('closed');
      });
      return { http, socket };
    },
    { serverUrl: server.url, token },
  );
  expect(outcome).toEqual({ http: 'refused', socket: 'closed' });

  // The same token from the listed origin works, so the refusal was the origin's.
  const app = await browser.newContext({ baseURL: appOrigin });
  const appPage = await app.newPage();
  await appPage.goto('/login');
  const fromApp = await appPage.evaluate(
    async ({ serverUrl, token }) => {
      const res = await fetch(`${serverUrl}/api/auth/user`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const socket = await new Promise<string>((resolve) => {
        const ws = new WebSocket(`${serverUrl.replace('http', 'ws')}/ws`, [
          'ruche',
          `bearer.${token}`,
        ]);
        ws.onopen = () => {
          resolve('open');
          ws.close();
        };
        ws.onclose = () => resolve('closed');
      });
      return { http: res.status, socket };
    },
    { serverUrl: server.url, token },
  );
  expect(fromApp).toEqual({ http: 200, socket: 'open' });
  await Promise.all([context.close(), app.close(), alice.context.close()]);
});

test('on the phone the app starts, signs in with OpenID Connect through the system browser, and downloads there', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const sub = `nadia-${Math.random().toString(36).slice(2, 8)}`;
  provider.accounts.set(sub, {
    email: `${sub}@example.test`,
    email_verified: true,
    given_name: 'Nadia',
    family_name: 'Benali',
  });
  const bob = await personOnTheWeb(browser, 'Bob');
  const channelName = `atelier-${Math.random().toString(36).slice(2, 6)}`;
  const channelId = await publicChannel(bob.request, channelName);
  await postWithFile(bob.request, channelId, 'Le plan', {
    name: 'plan.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Plan du rez-de-chaussée'),
  });

  const app = await browser.newContext({ baseURL: appOrigin });
  await onAndroidPhone(app);
  const page = await app.newPage();
  await page.goto('/login');
  const calls = async (plugin: string, method?: string) =>
    (await nativeCalls(page)).filter(
      (c) => c.plugin === plugin && (method === undefined || c.method === method),
    );

  // Start-up (docs/product.md §2): light text on black, the page below the bar; the splash
  // hidden once, when the first screen is there.
  await expect(
    page.getByRole('button', { name: 'Continuer avec l’authentification unique' }),
  ).toBeVisible();
  await expect.poll(async () => (await calls('SplashScreen', 'hide')).length).toBe(1);
  expect((await calls('StatusBar')).map((c) => [c.method, c.options])).toEqual([
    ['setStyle', { style: 'DARK' }],
    ['setBackgroundColor', { color: '#000000' }],
    ['setOverlaysWebView', { overlay: false }],
  ]);

  // The single sign-on button opens the server's sign-in in the system browser, not here.
  await page.getByRole('button', { name: 'Continuer avec l’authentification unique' }).click();
  await expect.poll(async () => (await calls('Browser', 'open')).length).toBe(1);
  const [open] = await calls('Browser', 'open');
  const signInUrl = new URL(String(open?.options.url));
  expect(`${signInUrl.origin}${signInUrl.pathname}`).toBe(`${server.url}/api/login`);
  expect(signInUrl.searchParams.get('app_challenge')).toMatch(/^[\w-]{43}$/);
  expect(page.url()).toBe(`${appOrigin}/login`);

  // The system browser: a browser of its own (no app token, no cookie of the app's), through
  // the provider's pages, sent back to the app's link.
  const systemBrowser = await browser.newContext();
  const tab = await systemBrowser.newPage();
  const backToApp = new Promise<string>((resolve) =>
    tab.on('response', (response) => {
      const location = response.headers().location;
      if (location?.startsWith('fr.ruche.app://')) resolve(location);
    }),
  );
  await tab.goto(signInUrl.href);
  await tab.waitForURL((url) => url.href.startsWith(provider.issuer));
  await tab.locator('input[name="login"]').fill(sub);
  await tab.locator('input[name="password"]').fill('peu importe');
  await tab.locator('button[type="submit"]').first().click();
  const consent = tab.getByRole('button', { name: 'Continue' });
  const link = await Promise.race([
    backToApp,
    consent.waitFor().then(async () => {
      await consent.click();
      return backToApp;
    }),
  ]);
  expect(link).toMatch(/^fr\.ruche\.app:\/\/signed-in\?code=/);

  // The phone hands the link to the app: it closes the browser and exchanges the code.
  expect(await fireNative(page, 'App', 'appUrlOpen', { url: link })).toBe(1);
  await page.waitForURL(`${appOrigin}/`);
  const keystore = () =>
    page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('phone-keystore:')));
  await expect.poll(keystore).toEqual([expect.stringContaining('ruche.session')]);
  const token = await page.evaluate(
    (key) => localStorage.getItem(key),
    (await keystore())[0] ?? '',
  );
  expect(await app.cookies([server.url, appOrigin])).toEqual([]);
  const asApp = { authorization: `Bearer ${token}`, origin: appOrigin };
  const me = await app.request.get(`${server.url}/api/auth/user`, { headers: asApp });
  expect(((await me.json()) as { firstName: string }).firstName).toBe('Nadia');
  // The system browser stayed signed out.
  expect((await systemBrowser.request.get(`${server.url}/api/auth/user`)).status()).toBe(401);

  // Signed in: her first screen (the welcome, which asks her name), then Bob's channel.
  const welcome = new WelcomeDialog(page);
  await expect(welcome.dialog).toBeVisible();
  const joined = await app.request.post(`${server.url}/api/channels/${channelId}/join`, {
    headers: asApp,
  });
  expect(joined.ok(), await joined.text()).toBe(true);
  await page.goto(`/channel/${channelId}`);
  await welcome.saveDisplayName('Nadia');
  await expect(welcome.dialog).toBeHidden();

  // A file: its link goes to the system browser with a ticket, which downloads it there.
  await page.getByRole('link', { name: 'Télécharger plan.txt' }).click();
  await expect.poll(async () => (await calls('Browser', 'open')).length).toBe(1);
  const [download] = await calls('Browser', 'open');
  const ticketed = String(download?.options.url);
  expect(ticketed).toMatch(new RegExp(`^${server.url}/api/files/[0-9a-f-]+/download\\?ticket=`));
  const [saved] = await Promise.all([
    tab.waitForEvent('download'),
    tab.goto(ticketed).catch(() => undefined),
  ]);
  expect(saved.suggestedFilename()).toBe('plan.txt');
  expect((await downloadedBytes(saved)).toString()).toBe('Plan du rez-de-chaussée');

  await Promise.all([app.close(), systemBrowser.close(), bob.context.close()]);
});
