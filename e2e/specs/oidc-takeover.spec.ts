/**
 * docs/security.md, finding 2, at the level the audit proved it: a browser. A server of its
 * own (the shared one has no OpenID Connect) with local accounts AND a real OpenID Connect
 * provider (oidc-provider, its development login and consent pages) on loopback. The
 * attacker opens a local account with the victim's address and a password of theirs; the
 * victim signs in through the provider in her browser. Before the fix she landed in the
 * attacker's account, and what she wrote there (a private group) was the attacker's to read.
 */
import { randomUUID } from 'node:crypto';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { type OidcTestProvider, startOidcProvider } from '../../server/test/oidc-provider';
import { type E2eServer, startE2eServer } from '../server-process';

const ATTACKER_PASSWORD = 'mot-de-passe-de-l-intrus-42';

let provider: OidcTestProvider;
let server: E2eServer;
let baseUrl: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  provider = await startOidcProvider();
  server = await startE2eServer((url) => ({
    PUBLIC_URL: url,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    LOCAL_AUTH: 'on',
  }));
  baseUrl = server.url;
  provider.register(`${baseUrl}/api/callback`);
});

test.afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

async function personPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl });
  return context.newPage();
}

/** On Ruche's sign-in page: the single sign-on button, then the provider's own pages. */
async function signInThroughProvider(page: Page, sub: string): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Continuer avec l’authentification unique' }).click();
  // oidc-provider's development interactions: a login form, then a consent form.
  await page.waitForURL((url) => url.href.startsWith(provider.issuer));
  await page.locator('input[name="login"]').fill(sub);
  await page.locator('input[name="password"]').fill('peu importe');
  await page.locator('button[type="submit"]').first().click();
  // The consent page (the first time this person meets this client), or straight back.
  const consent = page.getByRole('button', { name: 'Continue' });
  const backHome = (url: URL) => url.href.startsWith(baseUrl);
  await Promise.race([page.waitForURL(backHome), consent.waitFor()]);
  if (!backHome(new URL(page.url()))) await consent.click();
  await page.waitForURL((url) => url.href.startsWith(baseUrl));
}

test('a local account squatting the victim’s email never receives her provider sign-in', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `lea.${randomUUID().slice(0, 8)}@example.test`;
  const sub = `victim-${randomUUID().slice(0, 8)}`;
  provider.accounts.set(sub, {
    email,
    email_verified: true,
    given_name: 'Léa',
    family_name: 'Petit',
  });

  // The attacker signs up locally with the victim's address and a password of theirs.
  const attacker = await personPage(browser);
  const registered = await attacker.request.post('/api/auth/register', {
    data: { email, password: ATTACKER_PASSWORD, firstName: 'Intrus' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const attackerId = ((await registered.json()) as { id: string }).id;

  // The victim signs in through the provider: she is not let into that account.
  const victim = await personPage(browser);
  await signInThroughProvider(victim, sub);
  await expect(victim).toHaveURL(/\/login\?oidc=account-exists$/);
  await expect(
    victim
      .getByText('Un compte Ruche utilise déjà l’adresse e-mail', { exact: false })
      .or(victim.getByText('Un compte Ruche utilise déjà l’adresse e-mail', { exact: false })),
  ).toBeVisible();
  expect((await victim.request.get('/api/auth/user')).status()).toBe(401);
  // She cannot make a private group there (no session, nothing for the attacker to read).
  const group = await victim.request.post('/api/channels', {
    data: { name: 'confidentiel', type: 'group' },
  });
  expect(group.status()).toBe(401);

  // The attacker's password still opens only the attacker's own, unlinked account.
  const again = await personPage(browser);
  const login = await again.request.post('/api/auth/login', {
    data: { email, password: ATTACKER_PASSWORD },
  });
  expect(login.status()).toBe(200);
  expect(((await login.json()) as { id: string; firstName: string }).id).toBe(attackerId);
  const providers = await again.request.get('/api/auth/providers');
  expect(await providers.json()).toMatchObject({ oidcLinked: false });
});

test('the victim’s own account, made through the provider, opens to no one else’s password', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const email = `nora.${randomUUID().slice(0, 8)}@example.test`;
  const sub = `victim-${randomUUID().slice(0, 8)}`;
  provider.accounts.set(sub, {
    email,
    email_verified: true,
    given_name: 'Nora',
    family_name: 'Roy',
  });

  const victim = await personPage(browser);
  await signInThroughProvider(victim, sub);
  await expect(victim).not.toHaveURL(/\/login/);
  const me = await victim.request.get('/api/auth/user');
  expect(me.status()).toBe(200);
  expect(await me.json()).toMatchObject({ email });
  const made = await victim.request.post('/api/channels', {
    data: { name: `plans-${randomUUID().slice(0, 6)}`, type: 'group' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const groupId = ((await made.json()) as { id: string }).id;

  // Too late to squat the address, and no password of the attacker's opens her account.
  const attacker = await personPage(browser);
  const squat = await attacker.request.post('/api/auth/register', {
    data: { email, password: ATTACKER_PASSWORD, firstName: 'Intrus' },
  });
  expect(squat.status()).toBeGreaterThanOrEqual(400);
  expect(squat.status()).toBeLessThan(500);
  const login = await attacker.request.post('/api/auth/login', {
    data: { email, password: ATTACKER_PASSWORD },
  });
  expect(login.status()).toBe(401);
  expect((await attacker.request.get(`/api/channels/${groupId}`)).status()).toBe(401);
});
