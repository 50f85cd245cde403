import { describe, expect, it } from 'vitest';
import { findFrenchDate, findFrenchDates, safeTimeZone, splitLeadingDate } from './french-dates';

// Wednesday 2 December 2026, 9:40 in Paris (UTC+1).
const now = new Date('2026-12-02T08:40:00Z');
const paris = { now, timeZone: 'Europe/Paris' };
const at = (text: string, options: { now?: Date; timeZone?: string } = paris) =>
  findFrenchDate(text, options)?.at.toISOString();

describe('French date phrases (chrono-node fr, in the user’s time zone)', () => {
  it('reads the phrases of reminders and scheduled sends in Paris time', () => {
    expect(at('demain 9h')).toBe('2026-12-03T08:00:00.000Z');
    expect(at('demain 9 h')).toBe('2026-12-03T08:00:00.000Z');
    expect(at('demain à 9 h 30')).toBe('2026-12-03T08:30:00.000Z');
    expect(at('lundi 14h')).toBe('2026-12-07T13:00:00.000Z');
    expect(at('lundi à 14 h')).toBe('2026-12-07T13:00:00.000Z');
    expect(at('jeudi 15h')).toBe('2026-12-03T14:00:00.000Z');
    expect(at('dans 20 minutes')).toBe('2026-12-02T09:00:00.000Z');
    expect(at('dans 1 heure')).toBe('2026-12-02T09:40:00.000Z');
    // Relative days keep the present time.
    expect(at('dans 3 jours')).toBe('2026-12-05T08:40:00.000Z');
  });

  it('puts a day without a time at 9:00, in the next year when the date has passed', () => {
    expect(at('pour le 12 mars')).toBe('2027-03-12T08:00:00.000Z');
    expect(at('vendredi')).toBe('2026-12-04T08:00:00.000Z');
    const found = findFrenchDate('à rendre pour le 12 mars', paris);
    expect(found?.hasTime).toBe(false);
    expect(found?.text).toBe('12 mars');
  });

  it('finds the date inside a sentence, with its place', () => {
    const [found] = findFrenchDates('on se voit jeudi 15h', paris);
    expect(found?.text).toBe('jeudi 15h');
    expect(found?.index).toBe(11);
    expect(found?.hasTime).toBe(true);
    expect(findFrenchDates('appeler Paul', paris)).toEqual([]);
  });

  it('follows the time zone given', () => {
    expect(at('demain 9h', { now, timeZone: 'America/New_York' })).toBe('2026-12-03T14:00:00.000Z');
    expect(safeTimeZone('Nowhere/Land')).toBe('Europe/Paris');
    expect(safeTimeZone(undefined)).toBe('Europe/Paris');
  });

  it('splits « /rappel <quand> <quoi> »', () => {
    const split = splitLeadingDate('demain 9h appeler Paul', paris);
    expect(split?.at.toISOString()).toBe('2026-12-03T08:00:00.000Z');
    expect(split?.rest).toBe('appeler Paul');
    expect(splitLeadingDate('lundi 14 h : relire le devis', paris)?.rest).toBe('relire le devis');
    expect(splitLeadingDate('appeler Paul demain', paris)).toBeNull();
  });
});
