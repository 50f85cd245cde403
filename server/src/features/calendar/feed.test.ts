import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, CalendarFeed } from '#shared/calendar';
import { startCalendarWorld } from '../../../test/calendar-world';
import { buildChannel } from '../../../test/chat-factories';
import type { Actor } from '../../../test/factories';
import type { TestServer } from '../../../test/server';
import { upsertTaskEvent } from './task-events';

let server: TestServer;
let alice: Actor;
let bob: Actor;
beforeAll(async () => {
  ({ server, alice, bob } = await startCalendarWorld());
});
afterAll(() => server?.close());

const makeFeed = async (who: Actor) =>
  (await who.client.post<CalendarFeed>('/api/calendar/feed')).body;
const fetchFeed = (url: string) => fetch(url.replace(/^https?:\/\/[^/]+/, server.url));

describe('the private ICS feed', () => {
  it("serves the user's events and task due dates as valid iCalendar, without a session", async () => {
    await alice.client.post<CalendarEvent>('/api/calendar/events', {
      title: 'Point équipe, hebdo; ligne',
      description: 'Ordre du jour\nsuite',
      location: 'Salle 1',
      startTime: '2030-05-06T09:00:00Z',
      endTime: '2030-05-06T10:00:00Z',
    });
    await bob.client.post('/api/calendar/events', {
      title: 'Secret de Bob',
      startTime: '2030-05-06T09:00:00Z',
      endTime: '2030-05-06T10:00:00Z',
    });
    const channel = await buildChannel(alice);
    const { sql } = server.database;
    const [board] =
      await sql`insert into boards (channel_id, name) values (${channel.id}, 'T') returning id`;
    const [list] =
      await sql`insert into lists (board_id, name) values (${board!.id}, 'L') returning id`;
    const [task] =
      await sql`insert into tasks (list_id, title) values (${list!.id}, 'Livrer') returning id`;
    await upsertTaskEvent(
      { db: server.database.db },
      { taskId: task!.id, assigneeId: alice.user.id, title: 'Livrer', dueDate: '2030-05-08' },
    );

    const feed = await makeFeed(alice);
    expect(feed.url).toMatch(/\/api\/calendar\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    const res = await fetchFeed(feed.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/calendar/);
    const text = await res.text();
    expect(text).toMatch(/\r\n/);

    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary).sort()).toEqual(['Livrer', 'Point équipe, hebdo; ligne']);
    const meeting = events.find((e) => e.summary.startsWith('Point'))!;
    expect(meeting.description).toBe('Ordre du jour\nsuite');
    expect(meeting.location).toBe('Salle 1');
    expect(meeting.startDate.toJSDate().toISOString()).toBe('2030-05-06T09:00:00.000Z');
    expect(meeting.uid).toBeTruthy();
    const due = events.find((e) => e.summary === 'Livrer')!;
    expect(due.startDate.isDate).toBe(true);
    expect(due.startDate.toString()).toBe('2030-05-08');
    for (const v of calendar.getAllSubcomponents('vevent')) {
      expect(v.getFirstPropertyValue('dtstamp')).toBeTruthy();
    }
  });

  it('stops serving an address once regenerated or revoked, and keeps only a hash', async () => {
    const first = await makeFeed(bob);
    expect((await fetchFeed(first.url!)).status).toBe(200);
    const second = await makeFeed(bob);
    expect(second.url).not.toBe(first.url);
    expect((await fetchFeed(first.url!)).status).toBe(404);
    expect((await fetchFeed(second.url!)).status).toBe(200);

    const token = second.url!.match(/feed\/(.+)\.ics$/)![1]!;
    const stored = await server.database
      .sql`select token_hash from calendar_feeds where user_id = ${bob.user.id}`;
    expect(stored[0]!.token_hash).not.toContain(token);
    const status = await bob.client.get<CalendarFeed>('/api/calendar/feed');
    expect(status.body).toMatchObject({ active: true, url: null });

    expect((await bob.client.delete('/api/calendar/feed')).status).toBe(204);
    expect((await fetchFeed(second.url!)).status).toBe(404);
    expect((await bob.client.get<CalendarFeed>('/api/calendar/feed')).body.active).toBe(false);
    expect((await fetch(`${server.url}/api/calendar/feed/nimportequoi.ics`)).status).toBe(404);
  });
});
