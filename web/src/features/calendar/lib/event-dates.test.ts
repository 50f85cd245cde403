import { describe, expect, it } from 'vitest';
import { dayLabel, filterEvents, isPast, timeRange } from './event-dates';
import { emptyEventForm, eventToForm, formToInput } from './event-form';

// Wednesday 11 March 2026, 15:00 local time.
const now = new Date(2026, 2, 11, 15, 0);
const at = (d: number, h: number, m = 0) => new Date(2026, 2, d, h, m).toISOString();
const timed = (
  startDay: number,
  startHour: number,
  endDay = startDay,
  endHour = startHour + 1,
) => ({
  startTime: at(startDay, startHour),
  endTime: at(endDay, endHour),
  allDay: false,
});

describe('day labels (docs/product.md §2)', () => {
  it('says today, tomorrow, the weekday in this week, day-month this year, else the full date', () => {
    expect(dayLabel(new Date(2026, 2, 11), now)).toEqual({ kind: 'today' });
    expect(dayLabel(new Date(2026, 2, 12), now)).toEqual({ kind: 'tomorrow' });
    expect(dayLabel(new Date(2026, 2, 14), now)).toEqual({ kind: 'weekday', text: 'samedi' });
    expect(dayLabel(new Date(2026, 2, 9), now)).toEqual({ kind: 'weekday', text: 'lundi' });
    // Sunday 15 March closes the French week; Monday 16 opens the next.
    expect(dayLabel(new Date(2026, 2, 15), now)).toEqual({ kind: 'weekday', text: 'dimanche' });
    expect(dayLabel(new Date(2026, 2, 16), now)).toEqual({ kind: 'dayMonth', text: '16 mars' });
    expect(dayLabel(new Date(2026, 0, 2), now)).toEqual({ kind: 'dayMonth', text: '2 janvier' });
    expect(dayLabel(new Date(2027, 0, 2), now)).toEqual({
      kind: 'fullDate',
      text: '2 janvier 2027',
    });
  });

  it('shows a time range, or none for an all-day event', () => {
    expect(timeRange(timed(11, 9))).toBe('09:00 – 10:00');
    expect(timeRange({ ...timed(11, 9), allDay: true })).toBeNull();
  });
});

describe('event tabs (docs/product.md §4)', () => {
  const earlierToday = { id: 'a', ...timed(11, 8) };
  const yesterday = { id: 'b', ...timed(10, 9) };
  const tomorrow = { id: 'c', ...timed(12, 9) };
  const allDayToday = {
    id: 'd',
    startTime: '2026-03-11T00:00:00.000Z',
    endTime: '2026-03-12T00:00:00.000Z',
    allDay: true,
  };
  const events = [tomorrow, yesterday, allDayToday, earlierToday];

  it('keeps today in Upcoming even once over, and sorts by start', () => {
    expect(isPast(earlierToday, now)).toBe(false);
    expect(isPast(yesterday, now)).toBe(true);
    expect(filterEvents(events, 'upcoming', now).map((e) => e.id)).toEqual(['d', 'a', 'c']);
    expect(filterEvents(events, 'past', now).map((e) => e.id)).toEqual(['b']);
    expect(filterEvents(events, 'all', now).map((e) => e.id)).toEqual(['b', 'd', 'a', 'c']);
  });
});

describe('the event form (docs/product.md §5)', () => {
  it('defaults to 09:00–10:00 and omits an empty description and location', () => {
    const form = { ...emptyEventForm(new Date(2026, 2, 11)), title: ' Point ', location: '  ' };
    expect(form).toMatchObject({ startDate: '2026-03-11', startTime: '09:00', endTime: '10:00' });
    const input = formToInput(form);
    expect(input).toEqual({
      title: 'Point',
      startTime: at(11, 9),
      endTime: at(11, 10),
      allDay: false,
    });
  });

  it('sends an all-day event as UTC midnights with an exclusive end, and reads it back', () => {
    const form = { ...emptyEventForm(new Date(2026, 2, 11)), title: 'Congé', allDay: true };
    const input = formToInput({ ...form, endDate: '2026-03-13' });
    expect(input.startTime).toBe('2026-03-11T00:00:00.000Z');
    expect(input.endTime).toBe('2026-03-14T00:00:00.000Z');
    const back = eventToForm({
      ...input,
      id: 'x',
      userId: 'u',
      description: null,
      location: null,
      allDay: true,
      taskId: null,
      task: null,
      replacedVersion: null,
      meetingId: null,
      attendees: [],
      externalId: null,
      externalSource: null,
      googleEventId: null,
      connectionId: null,
      createdAt: '',
      updatedAt: '',
    });
    expect(back).toMatchObject({ startDate: '2026-03-11', endDate: '2026-03-13', allDay: true });
  });
});
