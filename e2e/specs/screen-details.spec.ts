import { mkdirSync } from 'node:fs';
import { TZDate } from '@date-fns/tz';
import { addDays, endOfMonth, format, setHours, startOfDay } from 'date-fns';
import { fr } from 'date-fns/locale';
import { type Actor, expect, PHONE, test } from '../fixtures';

// Issue 45 item D13: details of the board, calendar and settings screens, at the sizes
// people meet them (1440×900 and 390×844).
const SHOTS = process.env.RUCHE_SHOTS_DIR ?? '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const DESKTOP = { width: 1440, height: 900 };
const LISTS = ['À faire', 'En cours', 'En revue', 'Bloqué', 'Terminé'];

/** Alice's channel with two boards: « Sprint 12 » (five lists, cards in the first) and « Rétrospective ». */
async function seedBoards(alice: Actor, cards: string[]) {
  await alice.signUpViaApi({ displayName: 'Alice' });
  const api = alice.page.request;
  const name = `details-${Math.random().toString(36).slice(2, 7)}`;
  const channel = await (
    await api.post('/api/channels', { data: { name, type: 'channel' } })
  ).json();
  const board = async (boardName: string, lists: string[]) => {
    const created = await (
      await api.post(`/api/channels/${channel.id}/boards`, { data: { name: boardName } })
    ).json();
    const ids: string[] = [];
    for (const list of lists) {
      const res = await api.post(`/api/boards/${created.id}/lists`, { data: { name: list } });
      ids.push((await res.json()).id);
    }
    return ids;
  };
  const [first] = await board('Sprint 12', LISTS);
  await board('Rétrospective', ['Bonnes nouvelles']);
  for (const title of cards) {
    const res = await api.post(`/api/lists/${first}/tasks`, { data: { title } });
    expect(res.status(), await res.text()).toBe(201);
  }
  return channel.id as string;
}

test('a wide board: its own picker, « Ajouter une liste » in sight, a keyboard move that keeps the first list', async ({
  actor,
}) => {
  test.setTimeout(120_000);
  const alice = await actor('Alice', { viewport: DESKTOP });
  const channelId = await seedBoards(alice, ['Écrire la doc', 'Préparer la démo']);
  await alice.page.goto(`/channel/${channelId}`);
  await alice.board.open();
  await alice.board.expectTitles('À faire', ['Écrire la doc', 'Préparer la démo']);

  // Five lists are wider than the screen: « Ajouter une liste » stays in the board's bar.
  await expect(alice.board.addListButton).toBeInViewport({ ratio: 1 });
  await alice.page.screenshot({ path: `${SHOTS}/details-board-1440.png` });

  // The board picker is the app's own list box, used by keyboard.
  const picker = alice.board.picker;
  await expect(picker).toHaveText('Sprint 12');
  await picker.focus();
  await alice.page.keyboard.press('Enter');
  await expect(alice.page.getByRole('option', { name: 'Rétrospective' })).toBeVisible();
  await alice.page.screenshot({ path: `${SHOTS}/details-board-picker-1440.png` });
  // The list box takes the focus once it has placed itself: keys sent before that go to
  // the trigger, so each key waits for the option it leads to.
  await expect(alice.page.getByRole('option', { name: 'Sprint 12' })).toBeFocused();
  await alice.page.keyboard.press('ArrowDown');
  await expect(alice.page.getByRole('option', { name: 'Rétrospective' })).toBeFocused();
  await alice.page.keyboard.press('Enter');
  await expect(alice.board.column('Bonnes nouvelles')).toBeVisible();
  await picker.click();
  await alice.page.getByRole('option', { name: 'Sprint 12' }).click();
  await alice.board.expectTitles('À faire', ['Écrire la doc', 'Préparer la démo']);

  // A card taken two lists to the right by keyboard: the lists it passes are in view, so
  // nothing scrolls and the first list stays where it was.
  const live = alice.page.getByRole('status').filter({ hasText: 'Écrire la doc' });
  // The picker's list box gives the focus back to its trigger as it goes (after its closing
  // animation): a card focused before that lost it, and the Space opened the picker (a
  // failure in a fresh clone). The focus back on the picker, the card keeps it.
  await expect(alice.page.getByRole('listbox')).toHaveCount(0);
  await expect(picker).toBeFocused();
  await alice.board.card('Écrire la doc').focus();
  await expect(alice.board.card('Écrire la doc')).toBeFocused();
  await alice.page.keyboard.press('Space');
  await expect(live).toContainText('saisie, position 1 sur 2');
  // dnd-kit listens for the next key from a timer of its own (boards.spec.ts).
  await alice.page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  await alice.page.keyboard.press('ArrowRight');
  await expect(live).toContainText('au-dessus de la liste En cours');
  await alice.page.keyboard.press('ArrowRight');
  await expect(live).toContainText('au-dessus de la liste En revue');
  await alice.page.keyboard.press('Space');
  await expect(live).toContainText('déposée dans la liste En revue, position 1');
  await alice.board.expectTitles('En revue', ['Écrire la doc']);
  await expect(alice.board.column('À faire')).toBeInViewport({ ratio: 1 });
  expect(await alice.board.scrollLeft()).toBe(0);
  await expect(alice.board.card('Écrire la doc')).toBeInViewport({ ratio: 1 });

  // Further right, the board scrolls just enough to show the last list whole.
  await alice.board.card('Écrire la doc').focus();
  await alice.page.keyboard.press('Space');
  await expect(live).toContainText('saisie, position 1 sur 1');
  await alice.page.evaluate(() => new Promise((done) => setTimeout(done, 0)));
  await alice.page.keyboard.press('ArrowRight');
  await expect(live).toContainText('au-dessus de la liste Bloqué');
  await alice.page.keyboard.press('ArrowRight');
  await expect(live).toContainText('au-dessus de la liste Terminé');
  await alice.page.keyboard.press('Space');
  await alice.board.expectTitles('Terminé', ['Écrire la doc']);
  await expect(alice.board.column('Terminé')).toBeInViewport({ ratio: 1 });
  await expect(alice.board.column('En revue')).toBeInViewport({ ratio: 1 });
  await alice.page.screenshot({ path: `${SHOTS}/details-board-moved-1440.png` });

  // On a phone too, « Ajouter une liste » is in the bar (its icon, named).
  await alice.page.setViewportSize(PHONE);
  await expect(alice.board.addListButton).toBeInViewport({ ratio: 1 });
  await alice.page.screenshot({ path: `${SHOTS}/details-board-390.png` });
  await alice.board.addListButton.click();
  const dialog = alice.page.getByRole('dialog', { name: 'Nouvelle liste' });
  await dialog.getByLabel('Nom de la liste').fill('Archivée');
  await dialog.getByRole('button', { name: 'Ajouter la liste' }).click();
  await expect(alice.board.column('Archivée')).toBeAttached();
});

test('the month on a phone: a dot per event, the chosen day’s list under it; the connection form fits', async ({
  actor,
}) => {
  test.setTimeout(120_000);
  const alice = await actor('Alice', { viewport: PHONE });
  await alice.signUpViaApi({ displayName: 'Alice' });
  // The browser's today (e2e/playwright.config.ts: Europe/Paris), not this process's: from
  // 23:00 UTC they differ, and the month selects the browser's.
  const today = startOfDay(new TZDate(Date.now(), 'Europe/Paris'));
  // Another day of this month, for the second event.
  const other = addDays(today, addDays(today, 3) <= endOfMonth(today) ? 3 : -3);
  for (const [title, day, hour] of [
    ['Point équipe', today, 10],
    ['Revue de sprint', other, 14],
  ] as const) {
    const start = setHours(day, hour);
    const res = await alice.page.request.post('/api/calendar/events', {
      data: {
        title,
        startTime: new Date(start.getTime()).toISOString(),
        endTime: new Date(setHours(day, hour + 1).getTime()).toISOString(),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await alice.calendar.goto();
  await alice.page.getByRole('button', { name: 'Mois', exact: true }).tap();
  const dayButton = (day: Date) =>
    alice.page.getByRole('button', {
      name: `${format(day, 'EEEE d MMMM', { locale: fr })}, 1 événement`,
    });
  await expect(dayButton(today)).toHaveAttribute('aria-pressed', 'true');
  const agenda = (day: Date) =>
    alice.page.getByRole('region', { name: format(day, 'EEEE d MMMM', { locale: fr }) });
  await expect(agenda(today).getByTestId('event-card')).toHaveText(/Point équipe/);
  await alice.page.screenshot({ path: `${SHOTS}/details-month-390.png`, fullPage: true });

  await dayButton(other).tap();
  await expect(agenda(other).getByTestId('event-card')).toHaveText(/Revue de sprint/);
  await agenda(other).getByTestId('event-card').tap();
  await expect(alice.calendar.dialog.getByLabel('Titre')).toHaveValue('Revue de sprint');
  await alice.page.keyboard.press('Escape');

  // « Bidirectionnelle » and its explanation stay inside their card, on a phone and a desktop.
  await alice.page.goto('/calendar-settings');
  await alice.calendar.addConnectionButton.tap();
  const both = alice.calendar.dialog.getByRole('radio', { name: 'Bidirectionnelle' });
  const overflows = () =>
    both.evaluate((radio) => {
      const card = radio.closest('label') as HTMLElement;
      return (
        [...card.querySelectorAll('span')].some(
          (s) => s.getBoundingClientRect().right > card.getBoundingClientRect().right,
        ) || card.scrollWidth > card.clientWidth
      );
    });
  await expect(both).toBeVisible();
  expect(await overflows()).toBe(false);
  await alice.page.screenshot({ path: `${SHOTS}/details-connection-390.png` });
  await alice.page.setViewportSize(DESKTOP);
  expect(await overflows()).toBe(false);
  await alice.page.screenshot({ path: `${SHOTS}/details-connection-1440.png` });
});

test('settings: the sections beside the cards on a desktop, a jump menu on a phone', async ({
  actor,
}) => {
  const alice = await actor('Alice', { viewport: DESKTOP });
  await alice.signUpViaApi({ displayName: 'Alice' });
  await alice.settings.goto();
  const nav = alice.page.getByRole('navigation', { name: 'Sections des réglages' });
  const link = (name: string) => nav.getByRole('link', { name, exact: true });
  // The cards other features bring are there too.
  for (const name of [
    'Profil',
    'Notifications',
    'E-mail récapitulatif',
    'Heures de travail',
    'Sécurité',
    'Apparence',
  ]) {
    await expect(link(name)).toBeVisible();
  }
  await expect(link('Profil')).toHaveAttribute('aria-current', 'location');

  // By keyboard: a link takes the reader, and the focus, to its card.
  await link('Sécurité').focus();
  await alice.page.keyboard.press('Enter');
  const security = alice.page.getByRole('region', { name: 'Sécurité', exact: true });
  await expect(security).toBeFocused();
  await expect(security).toBeInViewport();
  await expect(link('Sécurité')).toHaveAttribute('aria-current', 'location');
  await expect(link('Profil')).not.toHaveAttribute('aria-current', 'location');
  await expect(nav).toBeInViewport();
  await alice.page.screenshot({ path: `${SHOTS}/details-settings-1440.png` });

  // Scrolling back up (Home, from the focused card) marks the card being read.
  await alice.page.keyboard.press('Home');
  await expect(link('Profil')).toHaveAttribute('aria-current', 'location');

  // A phone: one menu at the top, kept while scrolling.
  const phone = await actor('Alice', { viewport: PHONE });
  await phone.signUpViaApi({ displayName: 'Alice' });
  await phone.settings.goto();
  const jump = phone.page.getByRole('combobox', { name: 'Aller à une section' });
  await expect(jump).toHaveText('Profil');
  await jump.tap();
  await phone.page.getByRole('option', { name: 'Heures de travail' }).tap();
  await expect(phone.page.getByRole('region', { name: 'Heures de travail' })).toBeInViewport();
  await expect(jump).toHaveText('Heures de travail');
  await expect(jump).toBeInViewport();
  await phone.page.screenshot({ path: `${SHOTS}/details-settings-390.png` });
});
