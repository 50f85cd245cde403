import { describe, expect, it } from 'vitest';
import { whenWords } from './format-when';

const PARIS = 'Europe/Paris';
// Wednesday 2 December 2026, 21:30 in Paris (UTC+1).
const NOW = new Date('2026-12-02T20:30:00Z');

describe('whenWords (the composer warning’s day and time)', () => {
  it('says « demain » for the next calendar day in the zone', () => {
    expect(whenWords(new Date('2026-12-03T08:00:00Z'), NOW, PARIS)).toEqual({
      kind: 'tomorrow',
      day: '',
      time: '9\u00a0h',
    });
  });

  it('names the weekday within the week, with minutes when there are', () => {
    expect(whenWords(new Date('2026-12-07T07:30:00Z'), NOW, PARIS)).toEqual({
      kind: 'weekday',
      day: 'lundi',
      time: '8\u00a0h\u00a030',
    });
  });

  it('gives the date beyond a week, the first of the month as « 1er », the year when another', () => {
    expect(whenWords(new Date('2026-12-14T08:00:00Z'), NOW, PARIS).day).toBe('14 décembre');
    expect(whenWords(new Date('2027-03-01T08:00:00Z'), NOW, PARIS).day).toBe('1er mars 2027');
  });

  it('says « aujourd’hui » later the same day, and reads the day in the zone given', () => {
    // 23:30 UTC on the 2nd is already the 3rd in Paris: « demain » there, « aujourd’hui » in UTC.
    const at = new Date('2026-12-02T23:30:00Z');
    expect(whenWords(at, NOW, PARIS).kind).toBe('tomorrow');
    expect(whenWords(at, NOW, 'UTC')).toMatchObject({ kind: 'today', time: '23\u00a0h\u00a030' });
  });
});
