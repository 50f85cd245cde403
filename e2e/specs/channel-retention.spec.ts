import { mkdirSync } from 'node:fs';
import type { Browser, ViewportSize } from '@playwright/test';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * A channel's own retention period (docs/privacy.md, "Conservation"), on a server of its own
 * whose first account administers it: the administrator lets channels keep messages for less
 * (API); the channel's owner, on a phone, sets 30 days in the members tab with the keyboard,
 * reads it back after a reload, and gets the server's message under the field for a period
 * longer than the instance's; a member reads the period and has no field.
 */

const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer();
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, name: string, viewport: ViewportSize): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport });
}

test('a channel’s owner keeps its messages 30 days; a longer period is refused; a member reads it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice', { width: 1280, height: 800 });
  const olivia = await open(browser, 'Olivia', PHONE);
  const mia = await open(browser, 'Mia', { width: 1280, height: 800 });
  try {
    // Alice first: the first account administers the instance.
    await alice.signUpViaApi({ displayName: 'Alice' });
    const policy = await alice.page.request.put('/api/admin/retention', {
      data: { messageDays: 365, fileDays: null, channelOverride: true },
    });
    expect(policy.ok(), await policy.text()).toBe(true);
    await olivia.arrive();
    await mia.arrive();

    const name = `archives-${Math.random().toString(36).slice(2, 7)}`;
    const created = await olivia.page.request.post('/api/channels', {
      data: { name, type: 'group' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const channelId = ((await created.json()) as { id: string }).id;
    const invite = await olivia.page.request.post(`/api/channels/${channelId}/invites`);
    expect(invite.ok(), await invite.text()).toBe(true);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };
    const joined = await mia.page.request.post(`/api/channel-invites/${inviteCode}/join`);
    expect(joined.status(), await joined.text()).toBe(200);

    // The owner: empty field, the instance's period as the hint; 30 days with the keyboard.
    const { page } = olivia;
    await page.goto(`/channel/${channelId}`);
    await olivia.channels.tab('Membres').click();
    const form = page.getByRole('form', { name: 'Conservation des messages' });
    const field = form.getByLabel('Conservation des messages (jours)');
    await expect(field).toHaveValue('');
    await expect(form).toContainText('Vide\u00a0: la durée de l’instance, 365 jours');
    await field.focus();
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expect(page.getByText('Conservation du canal enregistrée').first()).toBeVisible();

    await page.reload();
    await olivia.channels.tab('Membres').click();
    await expect(field).toHaveValue('30');
    const saved = await page.request.get(`/api/channels/${channelId}/retention`);
    expect(await saved.json()).toMatchObject({ messageDays: 30, effectiveDays: 30 });

    // Longer than the instance's: the server's message under the field, nothing saved.
    await field.fill('400');
    await form.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'La durée d’un canal ne peut dépasser celle de l’instance',
    );
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await page.screenshot({ path: `${SHOTS}/channel-retention-phone.png` });
    const kept = await page.request.get(`/api/channels/${channelId}/retention`);
    expect(await kept.json()).toMatchObject({ messageDays: 30 });

    // A member reads what applies, and has no field.
    await mia.page.goto(`/channel/${channelId}`);
    await mia.channels.tab('Membres').click();
    await expect(
      mia.page.getByText('Les messages de ce canal sont conservés 30 jours'),
    ).toBeVisible();
    await expect(mia.page.getByRole('form', { name: 'Conservation des messages' })).toHaveCount(0);
    await mia.page.screenshot({ path: `${SHOTS}/channel-retention-member.png` });
  } finally {
    await Promise.all([alice, olivia, mia].map((actor) => actor.page.context().close()));
  }
});
