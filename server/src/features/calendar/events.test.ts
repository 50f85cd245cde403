import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { CalendarEvent } from '#shared/calendar';
import { calendarEventsOf, startCalendarWorld } from '../../../test/calendar-world';
import type { Actor } from '../../../test/factories';
import type { TestServer } from '../../../test/server';

let server: TestServer;
let alice: Actor;
let bob: Actor;
beforeAll(async () => {
  ({ server, alice, bob } = await startCalendarWorld());
});
afterAll(() => server?.close());

type Reply = CalendarEvent & ApiErrorBody;
const create = (who: Actor, body: unknown) => who.client.post<Reply>('/api/calendar/events', body);
const list = calendarEventsOf;
const meeting = (over: Record<string, unknown> = {}) => ({
  title: 'Réunion',
  startTime: '2030-05-06T09:00:00.000Z',
  endTime: '2030-05-06T10:00:00.000Z',
  ...over,
});

describe('calendar events', () => {
  it('creates an event, omitting empty description and location, and lists it by start', async () => {
    const late = await create(
      alice,
      meeting({
        title: 'Tard',
        startTime: '2030-05-07T09:00:00Z',
        endTime: '2030-05-07T10:00:00Z',
      }),
    );
    const early = await create(alice, meeting({ description: '', location: '  ', allDay: false }));
    expect(early.status).toBe(201);
    expect(early.body).toMatchObject({
      title: 'Réunion',
      description: null,
      location: null,
      allDay: false,
      taskId: null,
      task: null,
      externalSource: null,
      startTime: '2030-05-06T09:00:00.000Z',
    });
    const mine = await list(alice);
    expect(mine.map((e) => e.id)).toEqual([early.body.id, late.body.id]);
    expect(await list(bob)).toEqual([]);
  });

  it('refuses a missing or too long title, bad dates and an end before the start', async () => {
    const noTitle = await create(alice, meeting({ title: '  ' }));
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.message).toBe('Le titre est requis');
    const long = await create(alice, meeting({ title: 'x'.repeat(201) }));
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Le titre fait au plus 200 caractères');
    expect((await create(alice, meeting({ title: 'x'.repeat(200) }))).status).toBe(201);
    const badDate = await create(alice, meeting({ startTime: 'demain' }));
    expect(badDate.status).toBe(400);
    const backwards = await create(alice, meeting({ endTime: '2030-05-06T08:00:00Z' }));
    expect(backwards.status).toBe(400);
    expect(backwards.body.errors?.endTime).toEqual(['La fin doit être après le début']);
    const longPlace = await create(alice, meeting({ location: 'l'.repeat(201) }));
    expect(longPlace.status).toBe(400);
  });

  it('updates an event, checking the end against the stored start', async () => {
    const { body: event } = await create(alice, meeting());
    const moved = await alice.client.patch<Reply>(`/api/calendar/events/${event.id}`, {
      title: 'Déplacée',
      location: 'Salle 2',
      endTime: '2030-05-06T11:30:00Z',
    });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({
      title: 'Déplacée',
      location: 'Salle 2',
      endTime: '2030-05-06T11:30:00.000Z',
    });
    const backwards = await alice.client.patch<Reply>(`/api/calendar/events/${event.id}`, {
      endTime: '2030-05-06T08:00:00Z',
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('La fin doit être après le début');
    const after = (await list(alice)).find((e) => e.id === event.id);
    expect(after?.endTime).toBe('2030-05-06T11:30:00.000Z');
  });

  it("answers 404 to anyone but the owner, and deletes the owner's event", async () => {
    const { body: event } = await create(alice, meeting());
    const path = `/api/calendar/events/${event.id}`;
    expect((await bob.client.patch<Reply>(path, { title: 'À moi' })).status).toBe(404);
    expect((await bob.client.delete(path)).status).toBe(404);
    expect(
      (await alice.client.patch('/api/calendar/events/pas-un-id', { title: 'x' })).status,
    ).toBe(404);
    expect((await list(alice)).find((e) => e.id === event.id)?.title).toBe('Réunion');
    expect((await alice.client.delete(path)).status).toBe(204);
    expect((await alice.client.delete(path)).status).toBe(404);
    expect((await list(alice)).some((e) => e.id === event.id)).toBe(false);
  });

  it('requires a session', async () => {
    const res = await fetch(`${server.url}/api/calendar/events`);
    expect(res.status).toBe(401);
  });
});
