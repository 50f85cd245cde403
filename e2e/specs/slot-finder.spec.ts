import { TZDate } from '@date-fns/tz';
import type { APIRequestContext } from '@playwright/test';
import { addMinutes, addWeeks, startOfWeek } from 'date-fns';
import type { CalendarEvent } from '../../shared/calendar';
import { type SlotSearchResult, slotLabel } from '../../shared/calendar-slots';
import { type Actor, expect, PHONE, test } from '../fixtures';
import { SlotFinderUi } from '../pages/slot-finder';

const ZONE = 'Europe/Paris';

/** « La semaine prochaine » as the browser (playwright.config.ts: Europe/Paris) counts it. */
function nextWeek(): { from: string; to: string } {
  const monday = startOfWeek(new TZDate(Date.now(), ZONE), { weekStartsOn: 1 });
  return {
    from: new Date(addWeeks(monday, 1).getTime()).toISOString(),
    to: new Date(addWeeks(monday, 2).getTime()).toISOString(),
  };
}

async function makeGroup(owner: Actor, members: Actor[]): Promise<string> {
  const created = await owner.page.request.post('/api/channels', {
    data: { name: `reunion-${Math.random().toString(36).slice(2, 7)}`, type: 'group' },
  });
  const { id } = (await created.json()) as { id: string };
  for (const member of members) {
    const invite = await owner.page.request.post(`/api/channels/${id}/invites`);
    const { inviteCode } = (await invite.json()) as { inviteCode: string };
    const joined = await member.page.request.post(`/api/channel-invites/${inviteCode}/join`);
    expect(joined.status()).toBe(200);
  }
  return id;
}

const userId = async (request: APIRequestContext) =>
  ((await (await request.get('/api/auth/user')).json()) as { id: string }).id;

const eventsOf = async (who: Actor) =>
  (await (await who.page.request.get('/api/calendar/events')).json()) as CalendarEvent[];

test.describe('slot finder', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the slot finder creating an event for three people', async ({ alice, bob, actor }) => {
    const carol = await actor('Carol');
    await alice.arrive();
    await bob.arrive();
    await carol.signUpViaApi({ displayName: 'Carol' });
    const channelId = await makeGroup(alice, [bob, carol]);
    const ids = [await userId(bob.page.request), await userId(carol.page.request)];

    // Where the first slot of next week is for the three of them; then Bob is busy there.
    const week = nextWeek();
    const probe = await alice.page.request.post('/api/calendar/slots', {
      data: { userIds: ids, durationMinutes: 30, ...week },
    });
    const first = ((await probe.json()) as SlotSearchResult).slots[0]!;
    const busyEnd = addMinutes(new Date(first.start), 60);
    const busy = await bob.page.request.post('/api/calendar/events', {
      data: {
        title: 'Rendez-vous personnel',
        location: 'Cabinet confidentiel',
        startTime: first.start,
        endTime: busyEnd.toISOString(),
      },
    });
    expect(busy.status()).toBe(201);
    const expected = { start: busyEnd, end: addMinutes(busyEnd, 30) };

    await bob.page.goto(`/channel/${channelId}`);
    await alice.page.goto(`/channel/${channelId}`);
    const finder = new SlotFinderUi(alice.page);
    const started = Date.now();
    await finder.open();
    await expect(finder.dialog).toBeVisible();
    // The conversation's members, Bob and Carol removable.
    await expect(finder.people.getByRole('listitem')).toHaveText([
      'Alice (vous)',
      /^Bob/,
      /^Carol/,
    ]);
    await expect(finder.people.getByRole('button', { name: 'Retirer Bob' })).toBeVisible();

    await finder.chip('La semaine prochaine').click();
    await expect(finder.chip('La semaine prochaine')).toHaveAttribute('aria-pressed', 'true');
    // The first proposal skips Bob's busy hour, and nothing tells what it was.
    await expect(finder.proposals.first()).toHaveText(
      slotLabel(expected.start, expected.end, ZONE),
    );
    await expect(finder.proposals).toHaveCount(5);
    await expect(finder.dialog).not.toContainText('Rendez-vous');
    await expect(finder.dialog).not.toContainText('Cabinet');

    // By keyboard: the proposal, the title, « Réserver ».
    await finder.proposals.first().focus();
    await alice.page.keyboard.press('Enter');
    await expect(finder.proposals.first()).toHaveAttribute('aria-pressed', 'true');
    await finder.title.fill('Point d’équipe');
    await finder.bookButton.focus();
    await alice.page.keyboard.press('Enter');
    await expect(finder.dialog).toBeHidden();

    // Announced in the conversation, live for Bob too.
    const text = `Point d’équipe — ${slotLabel(expected.start, expected.end, ZONE)}`;
    const link = alice.chat.log.getByRole('link', { name: text });
    await expect(link).toBeVisible();
    expect(Date.now() - started).toBeLessThan(60_000);
    await expect(bob.chat.log.getByRole('link', { name: text })).toBeVisible();

    // In all three calendars, at that time.
    for (const who of [alice, bob, carol]) {
      await expect
        .poll(async () =>
          (await eventsOf(who))
            .filter((e) => e.title === 'Point d’équipe')
            .map((e) => [e.startTime, e.endTime, e.attendees.length]),
        )
        .toEqual([[expected.start.toISOString(), expected.end.toISOString(), 3]]);
    }

    // The link opens each person's own copy, with its people.
    await carol.page.goto((await link.getAttribute('href'))!);
    const opened = carol.page.getByRole('dialog', { name: 'Modifier l’événement' });
    await expect(opened.getByLabel('Titre')).toHaveValue('Point d’équipe');
    await expect(opened).toContainText('Alice, Bob, Carol');
  });

  test('at phone size, from a direct conversation, the finder fits and proposes slots', async ({
    alice,
    actor,
  }) => {
    const bob = await actor('Bob', { viewport: PHONE });
    await alice.signUpViaApi({ displayName: 'Alice' });
    await bob.signUp();
    const bobId = await userId(bob.page.request);
    const direct = await alice.page.request.post('/api/channels/direct', {
      data: { recipientId: bobId },
    });
    const { id } = (await direct.json()) as { id: string };
    await bob.page.goto(`/channel/${id}`);

    const finder = new SlotFinderUi(bob.page);
    await finder.open();
    await expect(finder.people.getByRole('listitem')).toHaveText(['Bob (vous)', /^Alice/]);
    await finder.chip('1\u00a0h').click();
    await finder.chip('La semaine prochaine').click();
    await expect(finder.proposals).toHaveCount(5);
    const box = await finder.dialog.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(PHONE.width);
    await finder.bookButton.scrollIntoViewIfNeeded();
    await expect(finder.bookButton).toBeInViewport();
  });
});
