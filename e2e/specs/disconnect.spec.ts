import type { Browser, ViewportSize } from '@playwright/test';
import { type Actor, expect, openActor, PHONE, test } from '../fixtures';
import { AwayBannerUi, WorkingHoursUi } from '../pages/disconnect';
import { type E2eServer, startE2eServer } from '../server-process';

/**
 * The right to disconnect (issue 50 item 1; docs/product.md, « Droit à la déconnexion »), on a
 * server of its own so that no other spec's policy change reaches it (its first account is its
 * administrator): the composer's warning before writing to someone outside their working hours,
 * the draft scheduled for their return in one click, an urgent send, and « Heures de travail »
 * saved and read back at phone size.
 */

const ZONE = 'Europe/Paris';
const WEEKDAYS = ['Lundi', 'Mardi', 'Mercredi', 'Jeudi', 'Vendredi', 'Samedi', 'Dimanche'];

// In order, on one server: the first test’s account is its administrator, and it turns the
// policy on (urgent messages allowed) for the next ones.
test.describe.configure({ mode: 'serial' });

let server: E2eServer;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startE2eServer();
});
test.afterAll(async () => server?.stop());

async function open(browser: Browser, name: string, viewport: ViewportSize): Promise<Actor> {
  return openActor(browser, server.url, name, { viewport, timezoneId: ZONE });
}

/** ISO weekday (1 = lundi) of an instant in Paris. */
function parisWeekday(at: Date): number {
  const short = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, weekday: 'short' }).format(at);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(short) + 1;
}

test('the console’s « Droit à la déconnexion »: the policy turned on and saved, urgent messages refused then allowed again, the month’s report', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const admin = await open(browser, 'Alice', { width: 1280, height: 800 });
  const readPolicy = async () =>
    (await (await admin.page.request.get('/api/admin/disconnect-policy')).json()) as {
      enabled: boolean;
      urgentAllowed: boolean;
    };
  try {
    await admin.signUpViaApi({ displayName: 'Alice' });
    await admin.page.goto('/admin/disconnect');
    const form = admin.page.getByRole('form', { name: 'Politique de déconnexion' });
    const enabled = form.getByRole('switch', {
      name: 'Retenir les notifications hors des heures de travail',
    });
    const urgent = form.getByRole('switch', { name: 'Autoriser les messages urgents' });
    const save = form.getByRole('button', { name: 'Enregistrer la politique' });
    // End-to-end servers start with the policy off (e2e/server-process.ts): this one turns it on.
    await expect(enabled).not.toBeChecked();
    await expect(urgent).toBeChecked();
    await expect(form.getByRole('switch', { name: 'Lundi travaillé' })).toBeChecked();
    await expect(form.getByLabel('Lundi, début')).toHaveValue('09:00');
    await enabled.click();
    await urgent.click();
    await save.click();
    await expect(
      admin.page.getByText('Politique de déconnexion enregistrée').first(),
    ).toBeVisible();
    await expect.poll(readPolicy).toMatchObject({ enabled: true, urgentAllowed: false });
    await expect(admin.page.getByRole('heading', { name: 'Rapport mensuel' })).toBeVisible();
    await expect(admin.page.getByText('Rien à signaler ce mois-ci.')).toBeVisible();
    await admin.page.screenshot({ path: test.info().outputPath('disconnect-admin-1280.png') });

    // Read back after a reload; then urgent messages allowed again, for the next tests.
    await admin.page.reload();
    await expect(enabled).toBeChecked();
    await expect(urgent).not.toBeChecked();
    await urgent.click();
    await save.click();
    await expect.poll(readPolicy).toMatchObject({ enabled: true, urgentAllowed: true });
  } finally {
    await admin.context.close();
  }
});

test('writing to someone outside their hours: the warning says when, « Programmer pour demain 9 h » schedules the draft, an urgent send is marked', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const alice = await open(browser, 'Alice', { width: 1280, height: 800 });
  const bob = await open(browser, 'Bob', { width: 1280, height: 800 });
  try {
    // The policy the first test left: on, urgent messages allowed.
    await alice.signUpViaApi({ displayName: 'Alice' });
    await bob.signUpViaApi({ displayName: 'Bob' });
    // Bob works tomorrow only (in Paris), 9:00 to 18:00: today is a day off, whatever the hour.
    const tomorrow = parisWeekday(new Date(Date.now() + 24 * 3600 * 1000));
    expect(
      (await bob.page.request.put('/api/me/time-zone', { data: { timeZone: ZONE } })).ok(),
    ).toBe(true);
    const week = await bob.page.request.put('/api/me/working-hours', {
      data: {
        holidays: false,
        days: WEEKDAYS.map((_, index) =>
          index + 1 === tomorrow
            ? { weekday: index + 1, start: '09:00', end: '18:00' }
            : { weekday: index + 1, off: true },
        ),
      },
    });
    expect(week.status(), await week.text()).toBe(200);

    const bobId = ((await (await bob.page.request.get('/api/auth/user')).json()) as { id: string })
      .id;
    const dm = await alice.page.request.post('/api/channels/direct', {
      data: { recipientId: bobId },
    });
    const { id: dmId } = (await dm.json()) as { id: string };
    await alice.page.goto(`/channel/${dmId}`);

    // As the conversation opens, before a word is typed.
    const away = new AwayBannerUi(alice.page);
    await expect(away.banner).toContainText(
      'Bob ne travaille pas aujourd’hui — sa notification arrivera demain à 9\u00a0h',
    );
    const schedule = away.scheduleFor('Programmer pour demain 9\u00a0h');
    await expect(schedule).toBeDisabled();

    await alice.chat.composer.click();
    await alice.page.keyboard.insertText('Le devis est prêt, on en parle demain ?');
    await schedule.click();
    await expect(
      alice.page.getByText('Message programmé pour demain à 9\u00a0h').first(),
    ).toBeVisible();
    await expect(alice.chat.composer).toHaveValue('');
    await expect(alice.chat.message('Le devis est prêt')).toHaveCount(0);
    await alice.page.screenshot({ path: test.info().outputPath('disconnect-warning-1280.png') });

    // Sent as urgent: it goes now, marked, and Bob sees the mark too.
    await bob.page.goto(`/channel/${dmId}`);
    await alice.chat.composer.click();
    await alice.page.keyboard.insertText('Le serveur de production est en panne');
    await away.sendUrgent.click();
    await expect(alice.chat.composer).toHaveValue('');
    const urgent = bob.chat.message('Le serveur de production est en panne');
    await expect(urgent).toBeVisible();
    await expect(urgent.getByText('Urgent', { exact: true })).toBeVisible();
    await bob.page.screenshot({ path: test.info().outputPath('urgent-mark-1280.png') });
    await expect(
      alice.chat
        .message('Le serveur de production est en panne')
        .getByText('Urgent', { exact: true }),
    ).toBeVisible();

    // In a channel, the warning comes with an @mention of Bob, and goes with it.
    const channel = (await (
      await alice.page.request.post('/api/channels', {
        data: { name: `deconnexion-${Math.random().toString(36).slice(2, 7)}`, type: 'channel' },
      })
    ).json()) as { id: string };
    expect((await bob.page.request.post(`/api/channels/${channel.id}/join`)).ok()).toBe(true);
    await alice.page.goto(`/channel/${channel.id}`);
    await alice.chat.composer.pressSequentially('Merci ');
    await expect(away.banner).toHaveCount(0);
    await alice.chat.composer.pressSequentially('@Bo');
    await alice.page
      .getByRole('listbox', { name: 'Mentionner un membre' })
      .getByRole('option', { name: /Bob/ })
      .waitFor();
    await alice.chat.composer.press('Enter');
    await expect(away.banner).toContainText('Bob ne travaille pas aujourd’hui');
    await expect(away.scheduleFor('Programmer pour demain 9\u00a0h')).toBeEnabled();
    await alice.chat.composer.fill('Merci à tous');
    await expect(away.banner).toHaveCount(0);

    // The scheduled draft waits in « Rappels et envois », for tomorrow at 9:00.
    await alice.page.goto('/rappels');
    const scheduled = alice.page.getByRole('region', { name: 'Messages programmés' });
    const item = scheduled.getByRole('listitem').filter({ hasText: 'Le devis est prêt' });
    await expect(item).toBeVisible();
    await expect(item).toContainText('à 09:00');
  } finally {
    await Promise.all([alice.context.close(), bob.context.close()]);
  }
});

test('« Heures de travail » at phone size: a week of one’s own saved and read back, a time off added and removed, back to the instance’s week', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const bob = await open(browser, 'Bob', PHONE);
  try {
    await bob.signUpViaApi({ displayName: 'Bob' });
    await bob.page.goto('/settings');
    const hours = new WorkingHoursUi(bob.page);
    await hours.card.scrollIntoViewIfNeeded();
    await expect(hours.card).toContainText('Horaires de l’instance');
    await expect(hours.worked('Samedi')).not.toBeChecked();
    await expect(hours.start('Lundi')).toHaveValue('09:00');

    // Saturday mornings on, Friday off, Monday from 8:30; keyboard only for the switches.
    await hours.worked('Samedi').focus();
    await bob.page.keyboard.press('Space');
    await hours.start('Samedi').fill('08:00');
    await hours.end('Samedi').fill('12:00');
    await hours.worked('Vendredi').focus();
    await bob.page.keyboard.press('Space');
    await hours.start('Lundi').fill('08:30');
    await hours.save.click();
    await expect(bob.page.getByText('Heures de travail enregistrées').first()).toBeVisible();

    await bob.page.reload();
    await hours.card.scrollIntoViewIfNeeded();
    await expect(hours.card).toContainText('Vos horaires');
    await expect(hours.start('Lundi')).toHaveValue('08:30');
    await expect(hours.worked('Vendredi')).not.toBeChecked();
    await expect(hours.worked('Samedi')).toBeChecked();
    await expect(hours.end('Samedi')).toHaveValue('12:00');

    // A time off next year, with its label.
    const year = new Date().getFullYear() + 1;
    await hours.timeOffForm.getByLabel('Premier jour').fill(`${year}-03-12`);
    await hours.timeOffForm.getByLabel('Dernier jour').fill(`${year}-03-20`);
    await hours.timeOffForm.getByLabel('Libellé (facultatif)').fill('Vacances d’hiver');
    await hours.timeOffForm.getByRole('button', { name: 'Ajouter le congé' }).click();
    const entry = hours.timeOffList.getByRole('listitem').filter({ hasText: 'Vacances d’hiver' });
    await expect(entry).toContainText('du 12\u00a0mars au 20\u00a0mars');

    const width = await bob.page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // The page scrolls inside the layout: one shot of the week, one of the time off.
    await hours.card.evaluate((card) => card.scrollIntoView({ block: 'start' }));
    await bob.page.screenshot({ path: test.info().outputPath('working-hours-week-390.png') });
    await hours.timeOffList.evaluate((list) => list.scrollIntoView({ block: 'center' }));
    await bob.page.screenshot({ path: test.info().outputPath('working-hours-time-off-390.png') });

    await entry.getByRole('button', { name: /^Supprimer le congé/ }).click();
    await expect(hours.card.getByText('Aucun congé prévu.')).toBeVisible();

    await hours.backToDefault.click();
    await expect(hours.card).toContainText('Horaires de l’instance');
    await expect(hours.worked('Samedi')).not.toBeChecked();
    await expect(hours.start('Lundi')).toHaveValue('09:00');
  } finally {
    await bob.context.close();
  }
});
