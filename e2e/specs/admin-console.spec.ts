import { mkdirSync } from 'node:fs';
import { type Browser, request, type ViewportSize } from '@playwright/test';
import { type Actor, expect, openActor, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * The administration console (issue 48 items 1 and 2) on a server of its own, whose first
 * account is its administrator: she finds a member, deactivates him (his open tab is signed
 * out at once), reads it in the audit log, reactivates him; a member gets no console.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const DESKTOP: ViewportSize = { width: 1440, height: 900 };

let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer({ DEFAULT_CHANNEL: 'général' });
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, name: string): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport: DESKTOP });
}

test('an administrator deactivates a member from the console, reads it in the audit log, reactivates him', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice');
  const bob = await open(browser, 'Bob');
  try {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await bob.signUpViaApi({ displayName: 'Bob' });
    await bob.page.goto('/');
    await expect(bob.shell.userMenuButton()).toBeVisible();
    // Bob writes in #général, which every account joins here.
    const channels = await bob.page.request.get('/api/channels');
    const general = ((await channels.json()) as { id: string; name: string }[]).find(
      (c) => c.name === 'général',
    );
    expect(general).toBeTruthy();
    const said = await bob.page.request.post(`/api/channels/${general?.id}/messages`, {
      data: { content: 'Je pars vendredi' },
    });
    expect(said.status()).toBe(201);

    // A member: no « Administration » in his menu, and /admin is not his.
    const bobMenu = await bob.shell.openUserMenu();
    await expect(bobMenu.getByRole('menuitem', { name: 'Réglages' })).toBeVisible();
    await expect(bobMenu.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
    await bob.page.keyboard.press('Escape');
    await bob.page.goto('/admin');
    await expect(bob.admin.forbidden).toBeVisible();
    await expect(bob.admin.nav).toHaveCount(0);
    await bob.page.goto('/');
    await expect(bob.shell.userMenuButton()).toBeVisible();

    // The administrator opens the console from her menu and finds Bob.
    await alice.page.goto('/');
    const menu = await alice.shell.openUserMenu();
    await menu.getByRole('menuitem', { name: 'Administration' }).click();
    await expect(alice.admin.heading).toBeVisible();
    await expect(alice.page).toHaveURL(/\/admin$/);
    await alice.admin.search.fill('bob');
    await expect(alice.admin.users.getByRole('listitem')).toHaveCount(1);
    const row = alice.admin.userRow('Bob');
    await expect(row).toContainText(bob.email);
    await expect(row).toContainText('Actif');
    await alice.page.screenshot({ path: `${SHOTS}/admin-users-1440.png` });

    // Deactivated: Bob's open tab is signed out at once, and he cannot sign in again.
    await alice.admin.act('Bob', 'Désactiver');
    const confirm = alice.page.getByRole('alertdialog', { name: /^Désactiver Bob/ });
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(row).toContainText('Désactivé');
    await expect(bob.shell.userMenuButton()).toHaveCount(0);
    await expect(bob.landing.heading).toBeVisible();
    const refused = await bob.page.request.post('/api/auth/login', {
      data: { email: bob.email, password: bob.password },
    });
    expect(refused.status()).toBe(403);

    // His message stays, his name marked.
    await alice.page.goto(`/channel/${general?.id}`);
    await expect(alice.chat.message('Je pars vendredi')).toContainText('Bob (désactivé)');

    // The audit log says who did it, to whom.
    await alice.page.goto('/admin/audit');
    await expect(alice.page).toHaveURL(/\/admin\/audit$/);
    const entry = alice.admin.auditEntries.getByRole('listitem').first();
    await expect(entry).toContainText('Compte désactivé');
    await expect(entry).toContainText('par Alice');
    await expect(entry).toContainText('Bob');
    await alice.page.screenshot({ path: `${SHOTS}/admin-audit-1440.png` });

    // Reactivated: recorded too, and Bob signs in again.
    await alice.admin.section('Utilisateurs').click();
    await alice.admin.search.fill('bob');
    await alice.admin.act('Bob', 'Réactiver');
    await expect(alice.admin.userRow('Bob')).toContainText('Actif');
    const back = await bob.page.request.post('/api/auth/login', {
      data: { email: bob.email, password: bob.password },
    });
    expect(back.status()).toBe(200);
    await alice.admin.section('Journal d’audit').click();
    await expect(alice.admin.auditEntries.getByRole('listitem').first()).toContainText(
      'Compte réactivé',
    );

    // The instance: the store answers.
    await alice.admin.section('Instance').click();
    await expect(alice.admin.health.locator('[data-check="store"]')).toContainText('OK');
    await alice.page.screenshot({ path: `${SHOTS}/admin-instance-1440.png`, fullPage: true });

    // Sign-ups by invitation from now on: a stranger's sign-up is refused, and it is audited.
    const signup = alice.page.getByRole('region', { name: 'Inscriptions' });
    await signup.getByRole('radio', { name: 'Sur invitation (liens d’inscription)' }).check();
    await signup.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alice.channels.toastText('Politique d’inscription enregistrée')).toBeVisible();
    await expect(signup).toContainText('Choisie dans la console');
    await expect(alice.page.getByRole('region', { name: 'Liens d’inscription' })).toBeVisible();
    const anonymous = await request.newContext({ baseURL: server.url });
    const stranger = await anonymous.post('/api/auth/register', {
      data: { email: 'inconnu@ruche.test', password: 'ruche-e2e-motdepasse', firstName: 'Inconnu' },
    });
    expect(stranger.status()).toBe(403);
    await anonymous.dispose();
    await alice.admin.section('Journal d’audit').click();
    await expect(alice.admin.auditEntries.getByRole('listitem').first()).toContainText(
      'Politique d’inscription modifiée',
    );

    // On a phone, the sections are a row of tabs above the list.
    await alice.page.setViewportSize({ width: 390, height: 844 });
    await alice.admin.section('Utilisateurs').click();
    await expect(alice.admin.users).toBeVisible();
    await alice.page.screenshot({ path: `${SHOTS}/admin-users-390.png` });
    await alice.admin.section('Journal d’audit').click();
    await expect(alice.admin.auditEntries).toBeVisible();
    await alice.page.screenshot({ path: `${SHOTS}/admin-audit-390.png` });
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});
