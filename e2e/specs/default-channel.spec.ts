import { randomUUID } from 'node:crypto';
import { expect, test } from '../fixtures';
import { LoginPage } from '../pages/login-page';
import { WelcomeDialog } from '../pages/welcome-dialog';
import { type E2eServer, startE2eServer } from '../server-process';

// The shared server runs with DEFAULT_CHANNEL off (its specs expect an empty home): this
// spec starts its own, with the default channel as a fresh workspace has it.
let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer({ DEFAULT_CHANNEL: 'général' });
});
test.afterAll(async () => server?.stop());

test('a new account lands in #général, which the next one joins too', async ({ browser }) => {
  // Two sign-ups through the form on a second server, on cores shared with other specs.
  test.setTimeout(180_000);
  const signUp = async (firstName: string) => {
    const context = await browser.newContext({ baseURL: server.url, locale: 'fr-FR' });
    const page = await context.newPage();
    const login = new LoginPage(page);
    await login.goto();
    await login.signUp({
      firstName,
      lastName: 'Test',
      email: `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@ruche.test`,
      password: 'ruche-e2e-motdepasse',
    });
    await new WelcomeDialog(page).saveDisplayName(firstName);
    return page;
  };

  const first = await signUp('Alice');
  await expect(first).toHaveURL(/\/$/);
  // Home opens the one channel the account is in: #général, made for the first account.
  await expect(first.getByRole('heading', { level: 1, name: 'général' })).toBeVisible();
  const sidebar = first.getByRole('navigation', { name: 'Canaux et conversations' });
  await expect(sidebar.getByRole('link', { name: /^général/ })).toBeVisible();

  // The second account joins the same channel (one channel, two members).
  const second = await signUp('Bob');
  await expect(second.getByRole('heading', { level: 1, name: 'général' })).toBeVisible();
  const members = await second.request.get('/api/channels');
  const [general] = (await members.json()) as Array<{ id: string; name: string }>;
  expect(general?.name).toBe('général');
  const detail = await second.request.get(`/api/channels/${general?.id}`);
  expect(((await detail.json()) as { members: unknown[] }).members).toHaveLength(2);
});
