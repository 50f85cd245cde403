import { addDays } from 'date-fns';
import { expect, PHONE, test } from '../fixtures';

/** yyyy-MM-dd of the browser's day (Europe/Paris), not this process's. */
const ymd = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(d);
/** HH:mm as the browser shows it (playwright.config.ts: Europe/Paris), whatever this process's zone. */
const hhmm = (d: Date) =>
  new Intl.DateTimeFormat('fr-FR', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
  }).format(d);

// These journeys make many round trips (consent, sync, several dialogs): on a loaded
// machine they outlast the default 30 s without being wrong.
test.describe.configure({ timeout: 180_000 });

test.describe('calendar', () => {
  test('creates events and shows them under their day labels, in a list and a month', async ({
    alice,
  }, testInfo) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await alice.calendar.goto();
    await expect(alice.calendar.tab(/À venir/)).toHaveAttribute('aria-selected', 'true');
    await expect(alice.page.getByText('Aucun événement à venir.')).toBeVisible();

    await alice.calendar.addButton.click();
    await expect(alice.calendar.dialog.getByLabel('Heure de début')).toHaveValue('09:00');
    await expect(alice.calendar.dialog.getByLabel('Heure de fin')).toHaveValue('10:00');
    const create = alice.calendar.dialog.getByRole('button', { name: 'Créer' });
    await expect(create).toBeDisabled();
    const tomorrow = ymd(addDays(new Date(), 1));
    await alice.calendar.fillEvent({
      title: 'Revue de sprint',
      startDate: tomorrow,
      startTime: '14:30',
      endDate: tomorrow,
      endTime: '15:30',
      location: 'Salle Ada',
    });
    await create.click();
    await expect(alice.shell.toast).toContainText('Événement créé');

    const card = alice.calendar.card('Revue de sprint');
    await expect(card.getByTestId('event-day')).toHaveText('Demain');
    await expect(card).toContainText('14:30 – 15:30');
    await expect(card).toContainText('Salle Ada');
    await expect(alice.calendar.tab(/À venir/)).toContainText('1');

    // An all-day event today comes first, labelled today.
    await alice.calendar.addButton.click();
    await alice.calendar.fillEvent({ title: 'Séminaire' });
    await alice.calendar.dialog.getByLabel('Toute la journée').click();
    await alice.calendar.dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(alice.calendar.cards.first()).toContainText('Séminaire');
    await expect(alice.calendar.cards.first().getByTestId('event-day')).toHaveText('Aujourd’hui');
    await expect(alice.calendar.cards.first()).toContainText('Toute la journée');

    await alice.calendar.addButton.click();
    await alice.calendar.fillEvent({
      title: 'Rétro',
      startDate: '2025-01-10',
      endDate: '2025-01-10',
    });
    await alice.calendar.dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(alice.calendar.card('Rétro')).toHaveCount(0);
    await alice.calendar.tab(/Passés/).click();
    await expect(alice.calendar.card('Rétro').getByTestId('event-day')).toHaveText(
      '10 janvier 2025',
    );

    await alice.page.screenshot({ path: testInfo.outputPath('calendar-list.png') });
    await alice.page.getByRole('button', { name: 'Mois', exact: true }).click();
    await expect(alice.page.getByRole('button', { name: 'Revue de sprint' })).toBeVisible();
    await alice.page.screenshot({ path: testInfo.outputPath('calendar-month.png') });
  });

  test('edits and deletes an event from its dialog', async ({ alice }) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    const start = addDays(new Date(), 2);
    start.setUTCHours(12, 30, 0, 0);
    const end = new Date(start.getTime() + 3600_000);
    const seeded = await alice.page.request.post('/api/calendar/events', {
      data: {
        title: 'Revue de sprint',
        startTime: start.toISOString(),
        endTime: end.toISOString(),
      },
    });
    expect(seeded.status()).toBe(201);
    await alice.calendar.goto();
    const card = alice.calendar.card('Revue de sprint');
    await card.click();
    await expect(alice.calendar.dialog.getByLabel('Titre')).toHaveValue('Revue de sprint');
    await expect(alice.calendar.dialog.getByLabel('Heure de début')).toHaveValue(hhmm(start));
    await expect(alice.calendar.dialog.getByLabel('Heure de fin')).toHaveValue(hhmm(end));
    await alice.calendar.dialog.getByLabel('Titre').fill('Revue de sprint 12');
    await alice.calendar.dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alice.calendar.card('Revue de sprint 12')).toBeVisible();

    await alice.calendar.card('Revue de sprint 12').click();
    await alice.calendar.dialog.getByRole('button', { name: 'Supprimer' }).click();
    await alice.page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(alice.shell.toast).toContainText('Événement supprimé');
    await expect(alice.calendar.card('Revue de sprint 12')).toHaveCount(0);
  });

  test('gives a private ICS address to copy, and a new one on demand', async ({ alice }) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    await alice.calendar.goto();
    await alice.page.getByRole('button', { name: 'Créer l’adresse' }).click();
    const address = alice.page.getByLabel('Adresse du flux iCalendar');
    await expect(address).toHaveValue(/\/api\/calendar\/feed\/[\w-]{43}\.ics$/);
    const first = await address.inputValue();
    const ics = await alice.page.request.get(first);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VCALENDAR');

    await alice.page.getByRole('button', { name: 'Régénérer' }).click();
    await expect(address).not.toHaveValue(first);
    expect((await alice.page.request.get(first)).status()).toBe(404);
  });

  test('fits a phone screen', async ({ actor }, testInfo) => {
    const bob = await actor('Bob', { viewport: PHONE });
    await bob.signUpViaApi({ displayName: 'Bob' });
    await bob.calendar.goto();
    await bob.calendar.addButton.click();
    await bob.calendar.fillEvent({ title: 'Café' });
    await bob.page.screenshot({ path: testInfo.outputPath('calendar-dialog-phone.png') });
    await bob.calendar.dialog.getByRole('button', { name: 'Créer' }).click();
    await expect(bob.calendar.card('Café').getByTestId('event-day')).toHaveText('Aujourd’hui');
    await bob.page.screenshot({ path: testInfo.outputPath('calendar-phone.png') });
    const overflow = await bob.page.evaluate(
      () => document.documentElement.scrollWidth > window.innerWidth,
    );
    expect(overflow).toBe(false);
    await bob.page.goto('/calendar-settings');
    await bob.calendar.addConnectionButton.click();
    await expect(bob.page.getByRole('dialog')).toBeVisible();
    await bob.page.screenshot({ path: testInfo.outputPath('calendar-settings-phone.png') });
  });
});

test.describe('calendar sync', () => {
  // One Google account on the loopback provider for both tests: one after the other, so the
  // import counts stay their own.
  test.describe.configure({ mode: 'serial' });

  test('a Google connection imports events that show on the calendar with the Google badge', async ({
    alice,
  }, testInfo) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    const { page } = alice;
    // A meeting in the Google account, created through the loopback provider's control API.
    const providers = process.env.RUCHE_E2E_CALENDAR_PROVIDERS!;
    const title = `Comité Google ${testInfo.workerIndex}-${Date.now()}`;
    // Tomorrow in the browser's zone (playwright.config.ts: Paris), whatever the runner's
    // zone and hour: 09:00 UTC of Paris's next day is 10:00 or 11:00 there, the same day.
    const [year, month, day] = ymd(addDays(new Date(), 1)).split('-').map(Number);
    const start = new Date(Date.UTC(year as number, (month as number) - 1, day, 9, 0, 0));
    const end = new Date(start.getTime() + 3600_000);
    const seeded = await page.request.post(`${providers}/control/google/events`, {
      data: { title, start: start.toISOString(), end: end.toISOString(), location: 'Visio' },
    });
    expect(seeded.status()).toBe(201);

    await page.goto('/calendar-settings');
    await alice.calendar.addConnectionButton.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('radio', { name: 'Google' })).toBeChecked();
    await expect(dialog.getByRole('radio', { name: 'Import' })).toBeChecked();
    await dialog.getByLabel('Nom de la connexion').fill('Agenda pro');
    await dialog.getByRole('button', { name: 'Continuer vers le fournisseur' }).click();

    // The provider consents at once and sends the browser back to pick the calendar.
    await expect(page.getByRole('heading', { name: 'Choisir l’agenda' })).toBeVisible();
    await alice.calendar.useCalendarButton.click();
    const card = page.getByTestId('connection-card').filter({ hasText: 'Agenda pro' });
    await expect(card).toContainText('Jamais synchronisée');
    await expect(card).toContainText('Import');

    await card.getByRole('button', { name: 'Synchroniser maintenant' }).click();
    await expect(alice.shell.toast).toContainText(/1 événements importés, 0 ignorés/);
    await expect(card).toContainText('Dernière synchronisation');
    await page.screenshot({ path: testInfo.outputPath('calendar-settings.png') });

    await page.goto('/calendar');
    const event = page.getByTestId('event-card').filter({ hasText: title });
    await expect(event.getByTestId('event-day')).toHaveText('Demain');
    await expect(event).toContainText('Google');
    await expect(event).toContainText(`${hhmm(start)} – ${hhmm(end)}`);
    await expect(event).toContainText('Visio');
  });

  test('an event edited in Ruche and at Google keeps the later edit and shows the other', async ({
    alice,
  }, testInfo) => {
    await alice.signUpViaApi({ displayName: 'Alice' });
    const { page } = alice;
    const providers = process.env.RUCHE_E2E_CALENDAR_PROVIDERS!;
    const title = `Point ${testInfo.workerIndex}-${Date.now()}`;
    const [year, month, day] = ymd(addDays(new Date(), 2)).split('-').map(Number);
    const start = new Date(Date.UTC(year as number, (month as number) - 1, day, 9, 0, 0));
    const seeded = await page.request.post(`${providers}/control/google/events`, {
      data: {
        title,
        start: start.toISOString(),
        end: new Date(start.getTime() + 3600_000).toISOString(),
      },
    });
    const remoteId = ((await seeded.json()) as { id: string }).id;

    await page.goto('/calendar-settings');
    await alice.calendar.addConnectionButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Bidirectionnelle' }).check();
    await dialog.getByLabel('Nom de la connexion').fill('Agenda partagé');
    await dialog.getByRole('button', { name: 'Continuer vers le fournisseur' }).click();
    await alice.calendar.useCalendarButton.click();
    const card = page.getByTestId('connection-card').filter({ hasText: 'Agenda partagé' });
    const syncNow = async () => {
      await page.goto('/calendar-settings');
      await card.getByRole('button', { name: 'Synchroniser maintenant' }).click();
      await expect(alice.shell.toast).toContainText(/événements importés/);
      await alice.calendar.goto();
    };
    await syncNow();

    // Edited here, then at Google (later): the sync keeps Google's and shows Alice's.
    await alice.calendar.card(title).click();
    await alice.calendar.dialog.getByLabel('Titre').fill(`${title} (Ruche)`);
    await alice.calendar.dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(alice.shell.toast).toContainText('Événement mis à jour');
    const changed = await page.request.post(`${providers}/control/google/events/${remoteId}`, {
      data: { change: { title: `${title} (Google)` } },
    });
    expect(changed.status()).toBe(200);
    await syncNow();

    await alice.calendar.card(`${title} (Google)`).click();
    const note = alice.calendar.dialog.getByRole('region', {
      name: 'Version remplacée par la synchronisation',
    });
    await expect(note).toContainText('modifié ensuite dans Google Agenda');
    await expect(note).toContainText(`${title} (Ruche)`);
    await page.screenshot({ path: testInfo.outputPath('calendar-replaced-version.png') });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: testInfo.outputPath('calendar-replaced-version-phone.png') });
    await note.getByRole('button', { name: 'Effacer la note' }).click();
    await expect(note).toHaveCount(0);

    // Deleted here: the next sync deletes it at Google, and it does not come back.
    await alice.calendar.dialog.getByRole('button', { name: 'Supprimer' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Supprimer' }).click();
    await expect(alice.shell.toast).toContainText('Événement supprimé');
    await syncNow();
    const live = (await (
      await page.request.get(`${providers}/control/google/events`)
    ).json()) as Array<{ id: string }>;
    expect(live.map((e) => e.id)).not.toContain(remoteId);
    await syncNow();
    await expect(alice.calendar.card(title)).toHaveCount(0);
  });
});

test.describe('calendar sync failure', () => {
  test('a revoked Outlook access shows "Échec de la synchronisation" with the reason', async ({
    bob,
  }) => {
    await bob.signUpViaApi({ displayName: 'Bob' });
    const { page } = bob;
    await page.goto('/calendar-settings');
    await bob.calendar.addConnectionButton.click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('radio', { name: 'Outlook' }).check();
    await dialog.getByRole('button', { name: 'Continuer vers le fournisseur' }).click();
    await bob.calendar.useCalendarButton.click();
    const card = page.getByTestId('connection-card').filter({ hasText: 'Calendrier' });
    await expect(card).toContainText('Outlook');

    // Only this spec uses Outlook: revoking its grants leaves the Google tests alone.
    const providers = process.env.RUCHE_E2E_CALENDAR_PROVIDERS!;
    expect((await page.request.post(`${providers}/control/outlook/revoke`)).status()).toBe(204);
    await card.getByRole('button', { name: 'Synchroniser maintenant' }).click();
    await expect(bob.shell.toast).toContainText('Échec de la synchronisation');
    await expect(bob.shell.toast).toContainText(/révoqué/);
    await expect(card.getByRole('status')).toContainText('Échec de la synchronisation');
    await expect(card.getByRole('status')).toContainText(/supprimez la connexion/);
  });
});
