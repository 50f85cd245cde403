import { mkdirSync } from 'node:fs';
import type { Browser, ViewportSize } from '@playwright/test';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * What an administrator does in the console reaches the others' open tabs without a reload
 * (issue 48; docs/realtime.md, `user_changed` and `instance_changed`): Bob deactivated shows
 * « Bob (désactivé) » in Alice's open channel and her direct messages, and loses it when he is
 * reactivated; the instance's new name is Alice's tab title and the top of her sidebar. On a
 * server of its own, whose first account is its administrator.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const DESKTOP: ViewportSize = { width: 1440, height: 900 };

test.describe.configure({ mode: 'serial' });

let server: E2eServer;
let admin: Actor;
test.beforeAll(async ({ browser }) => {
  test.setTimeout(180_000);
  server = await startE2eServer({ DEFAULT_CHANNEL: 'général' });
  admin = await open(browser, 'Adele');
  // The first account of the workspace: its administrator.
  await admin.signUpViaApi({ displayName: 'Adèle' });
});
test.afterAll(async () => {
  await admin?.context.close();
  await server?.stop();
});

async function open(browser: Browser, name: string, viewport = DESKTOP): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport });
}

test('« (désactivé) » comes and goes in another person’s open tab without a reload', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice');
  const bob = await open(browser, 'Bob');
  try {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await bob.signUpViaApi({ displayName: 'Bob' });
    const channels = await bob.page.request.get('/api/channels');
    const general = ((await channels.json()) as { id: string; name: string }[]).find(
      (c) => c.name === 'général',
    );
    expect(general).toBeTruthy();
    const said = await bob.page.request.post(`/api/channels/${general?.id}/messages`, {
      data: { content: 'Je pars vendredi, merci pour tout' },
    });
    expect(said.status()).toBe(201);
    const bobId = ((await (await bob.page.request.get('/api/auth/user')).json()) as { id: string })
      .id;
    const direct = await alice.page.request.post('/api/channels/direct', {
      data: { recipientId: bobId },
    });
    expect(direct.ok(), await direct.text()).toBe(true);

    // Alice has #général open, with Bob's message, and Bob in her direct messages.
    await alice.page.goto(`/channel/${general?.id}`);
    const message = alice.chat.message('Je pars vendredi, merci pour tout');
    // A first load parses the app: up to ~20 s on two loaded cores.
    await expect(message).toBeVisible({ timeout: 60_000 });
    await expect(message).toContainText('Bob');
    await expect(message).not.toContainText('(désactivé)');
    const dm = alice.channels.directSection.getByRole('link', { name: /^Bob/ });
    await expect(dm).toBeVisible();
    await expect(dm).not.toContainText('(désactivé)');
    let loads = 0;
    alice.page.on('load', () => {
      loads += 1;
    });

    // The administrator deactivates Bob in the console.
    await admin.page.goto('/admin');
    await admin.admin.search.fill('bob');
    await admin.admin.act('Bob', 'Désactiver');
    const confirm = admin.page.getByRole('alertdialog', { name: /^Désactiver Bob/ });
    await confirm.getByRole('button', { name: 'Désactiver' }).click();
    await expect(admin.admin.userRow('Bob')).toContainText('Désactivé');

    // Alice's open tab: the message's author and the direct message say so, with no reload.
    await expect(message).toContainText('Bob (désactivé)');
    await expect(dm).toContainText('Bob (désactivé)');
    await alice.page.screenshot({ path: `${SHOTS}/admin-live-deactivated-1440.png` });

    // Reactivated: the mark goes the same way.
    await admin.admin.act('Bob', 'Réactiver');
    await expect(admin.admin.userRow('Bob')).toContainText('Actif');
    await expect(message).not.toContainText('(désactivé)');
    await expect(message).toContainText('Bob');
    await expect(dm).not.toContainText('(désactivé)');
    expect(loads).toBe(0);
  } finally {
    await alice.context.close();
    await bob.context.close();
  }
});

test('the instance’s name set in the console is the title and sidebar of every open tab', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice');
  try {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await alice.page.goto('/');
    await expect(alice.shell.userMenuButton()).toBeVisible({ timeout: 60_000 });
    await expect(alice.page).toHaveTitle(/^(\(\d+\) )?Ruche$/);
    const sidebarName = (name: string) => alice.page.getByRole('heading', { level: 2, name });
    await expect(sidebarName('Ruche')).toBeVisible();

    await admin.page.goto('/admin/instance');
    const general = admin.page.getByRole('region', { name: 'Général' });
    const field = general.getByLabel('Nom de l’instance');
    await expect(field).toHaveValue('Ruche');
    await expect(general).toContainText('Nom par défaut');

    // A name the server would refuse is refused before it is sent.
    await field.fill('   ');
    await general.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(general.getByRole('alert')).toHaveText('Le nom de l’instance est requis');

    await field.fill('Atelier des Pentes');
    await general.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(admin.channels.toastText('Nom de l’instance enregistré')).toBeVisible();
    await expect(general).toContainText('Choisi dans la console');

    // Alice's open tab takes it at once: its title and the top of its sidebar.
    await expect(alice.page).toHaveTitle(/^(\(\d+\) )?Atelier des Pentes$/);
    await expect(sidebarName('Atelier des Pentes')).toBeVisible();
    // The administrator's own tab too.
    await expect(admin.page).toHaveTitle(/Atelier des Pentes$/);
    await admin.page.screenshot({ path: `${SHOTS}/admin-instance-name-1440.png` });

    // Recorded, with the name before and after.
    await admin.admin.section('Journal d’audit').click();
    const entry = admin.admin.auditEntries.getByRole('listitem').first();
    await expect(entry).toContainText('Réglages modifiés');
    await expect(entry).toContainText(
      /Nom de l’instance\s:\s«\sRuche\s» → «\sAtelier des Pentes\s»/,
    );
    await admin.admin.auditFilter.click();
    await admin.page.getByRole('option', { name: 'Réglages modifiés' }).click();
    await expect(admin.admin.auditEntries.getByRole('listitem')).toHaveCount(1);

    // The card on a phone.
    const phone = await open(browser, 'Adele', PHONE);
    try {
      await phone.context.addCookies(await admin.context.cookies());
      await phone.page.goto('/admin/instance');
      const card = phone.page.getByRole('region', { name: 'Général' });
      // The card waits for the health checks (up to 5 s each, slower on a loaded machine).
      await expect(card.getByLabel('Nom de l’instance')).toHaveValue('Atelier des Pentes', {
        timeout: 60_000,
      });
      // The phone's top bar names the instance too, and so does its slide-in menu.
      await expect(
        phone.page.getByRole('banner').getByRole('link', { name: 'Atelier des Pentes' }),
      ).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await phone.page.screenshot({ path: `${SHOTS}/admin-instance-name-390.png` });
      await phone.page.getByRole('button', { name: 'Ouvrir le menu' }).first().click();
      await expect(phone.page.getByRole('dialog', { name: 'Atelier des Pentes' })).toBeVisible();
      await phone.page.screenshot({ path: `${SHOTS}/admin-instance-name-menu-390.png` });
    } finally {
      await phone.context.close();
    }
  } finally {
    await alice.context.close();
  }
});
