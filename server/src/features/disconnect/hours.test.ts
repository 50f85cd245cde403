import { describe, expect, it } from 'vitest';
import { DEFAULT_WEEK } from '#shared/disconnect';
import { frenchHolidays } from './holidays';
import { availabilityAt, nextWorkingStartAfter, type Schedule, workingIntervalsIn } from './hours';

// The instance's default: Monday–Friday 9:00–18:00 in Paris, public holidays off.
const paris: Schedule = { ...DEFAULT_WEEK, timeZone: 'Europe/Paris', timeOff: [] };
const iso = (d: Date | null) => d?.toISOString() ?? null;

describe('availability in the default week (Paris)', () => {
  it('Friday 18:30 is outside the hours; the next start is Monday 9:00', () => {
    // Friday 2026-03-13, 18:30 in Paris (UTC+1).
    const at = availabilityAt(paris, new Date('2026-03-13T17:30:00Z'));
    expect(at).toEqual({
      available: false,
      reason: 'hours',
      nextAvailableAt: new Date('2026-03-16T08:00:00Z'),
    });
  });

  it('working hours are available, their last minute included and 18:00 not', () => {
    expect(availabilityAt(paris, new Date('2026-03-13T16:59:00Z')).available).toBe(true);
    expect(availabilityAt(paris, new Date('2026-03-13T08:00:00Z')).available).toBe(true);
    expect(availabilityAt(paris, new Date('2026-03-13T17:00:00Z')).available).toBe(false);
    expect(availabilityAt(paris, new Date('2026-03-13T07:59:59Z')).reason).toBe('hours');
  });

  it('a Saturday is a day off', () => {
    const at = availabilityAt(paris, new Date('2026-03-14T10:00:00Z'));
    expect(at.reason).toBe('day-off');
    expect(iso(at.nextAvailableAt)).toBe('2026-03-16T08:00:00.000Z');
  });

  it('the Thursday of Ascension is a holiday; Wednesday evening waits for Friday', () => {
    // Ascension 2026: Thursday 14 May (UTC+2).
    expect(frenchHolidays(2026).has('2026-05-14')).toBe(true);
    const thursday = availabilityAt(paris, new Date('2026-05-14T09:00:00Z'));
    expect(thursday.reason).toBe('holiday');
    const wednesdayEvening = availabilityAt(paris, new Date('2026-05-13T17:00:00Z'));
    expect(wednesdayEvening).toEqual({
      available: false,
      reason: 'hours',
      nextAvailableAt: new Date('2026-05-15T07:00:00Z'),
    });
  });

  it('14 juillet is a holiday; with holidays worked it is an ordinary Tuesday', () => {
    const at = new Date('2026-07-14T08:00:00Z');
    expect(availabilityAt(paris, at).reason).toBe('holiday');
    expect(iso(availabilityAt(paris, at).nextAvailableAt)).toBe('2026-07-15T07:00:00.000Z');
    expect(availabilityAt({ ...paris, holidays: false }, at).available).toBe(true);
  });

  it('across the DST night of 29 March 2026, Monday starts at 9:00 summer time', () => {
    // Friday 27 March, 20:00 (UTC+1) → Monday 30 March 9:00 (UTC+2).
    const next = nextWorkingStartAfter(paris, new Date('2026-03-27T19:00:00Z'));
    expect(iso(next)).toBe('2026-03-30T07:00:00.000Z');
  });

  it('on 31 March 2025, the first working day after the change, 9:00 is 07:00 UTC', () => {
    // DST began Sunday 30 March 2025; Monday 31 March 8:30 summer time waits until 9:00.
    const at = availabilityAt(paris, new Date('2025-03-31T06:30:00Z'));
    expect(at).toEqual({
      available: false,
      reason: 'hours',
      nextAvailableAt: new Date('2025-03-31T07:00:00Z'),
    });
  });

  it('hours that cross the short night lose its missing hour, and the long night adds one', () => {
    const night: Schedule = {
      ...paris,
      days: paris.days.map((d) => ({ weekday: d.weekday, start: '01:00', end: '04:00' })),
    };
    const short = workingIntervalsIn(
      night,
      new Date('2026-03-29T00:00:00Z'),
      new Date('2026-03-29T06:00:00Z'),
    );
    expect(short).toHaveLength(1);
    expect((short[0]!.end.getTime() - short[0]!.start.getTime()) / 3_600_000).toBe(2);
    const long = workingIntervalsIn(
      night,
      new Date('2026-10-24T22:00:00Z'),
      new Date('2026-10-25T06:00:00Z'),
    );
    expect((long[0]!.end.getTime() - long[0]!.start.getTime()) / 3_600_000).toBe(4);
  });
});

describe('time off and other zones', () => {
  it('time off covers whole days, both ends included, and comes before a holiday', () => {
    const away: Schedule = { ...paris, timeOff: [{ start: '2026-07-13', end: '2026-07-17' }] };
    expect(availabilityAt(away, new Date('2026-07-14T08:00:00Z')).reason).toBe('time-off');
    const at = availabilityAt(away, new Date('2026-07-17T16:00:00Z'));
    expect(at.reason).toBe('time-off');
    expect(iso(at.nextAvailableAt)).toBe('2026-07-20T07:00:00.000Z');
  });

  it('a person in New York works 9:00–18:00 of New York', () => {
    const ny: Schedule = { ...paris, timeZone: 'America/New_York', holidays: false };
    // 15:00 UTC on a Wednesday in March (after the US change: UTC-4) is 11:00 there.
    expect(availabilityAt(ny, new Date('2026-03-11T15:00:00Z')).available).toBe(true);
    // 23:00 UTC is 19:00 there: next is 9:00 tomorrow, 13:00 UTC.
    expect(iso(availabilityAt(ny, new Date('2026-03-11T23:00:00Z')).nextAvailableAt)).toBe(
      '2026-03-12T13:00:00.000Z',
    );
  });

  it('while working, the next working start is now', () => {
    const now = new Date('2026-03-11T10:00:00Z');
    expect(nextWorkingStartAfter(paris, now)).toEqual(now);
  });

  it('working intervals of a week leave out the weekend, holidays and time off, clipped', () => {
    const away: Schedule = { ...paris, timeOff: [{ start: '2026-05-12', end: '2026-05-12' }] };
    // Monday 11 May 12:00 → Monday 18 May 12:00 (UTC+2); Ascension Thursday 14 May.
    const intervals = workingIntervalsIn(
      away,
      new Date('2026-05-11T10:00:00Z'),
      new Date('2026-05-18T10:00:00Z'),
    );
    expect(intervals.map((i) => [iso(i.start), iso(i.end)])).toEqual([
      ['2026-05-11T10:00:00.000Z', '2026-05-11T16:00:00.000Z'],
      ['2026-05-13T07:00:00.000Z', '2026-05-13T16:00:00.000Z'],
      ['2026-05-15T07:00:00.000Z', '2026-05-15T16:00:00.000Z'],
      ['2026-05-18T07:00:00.000Z', '2026-05-18T10:00:00.000Z'],
    ]);
  });

  it('a working day ending at 24:00 runs to midnight', () => {
    const late: Schedule = {
      ...paris,
      days: paris.days.map((d) => ({ weekday: d.weekday, start: '20:00', end: '24:00' })),
    };
    const at = availabilityAt(late, new Date('2026-03-11T22:59:00Z'));
    expect(at.available).toBe(true);
    expect(availabilityAt(late, new Date('2026-03-11T23:00:00Z')).available).toBe(false);
  });

  it('nothing within the horizon: no next start (nothing waits for ever)', () => {
    const away: Schedule = { ...paris, timeOff: [{ start: '2026-01-01', end: '2028-12-31' }] };
    expect(availabilityAt(away, new Date('2026-03-11T10:00:00Z'))).toEqual({
      available: false,
      reason: 'time-off',
      nextAvailableAt: null,
    });
  });
});
