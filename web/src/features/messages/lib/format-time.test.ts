import { format, formatDistanceToNowStrict } from 'date-fns';
import { fr } from 'date-fns/locale';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { dayLabel, fullDateTime, relativeTime, timeOfDay } from './format-time';

// format-time.ts writes its dates out itself (date-fns's format() would weigh on the channel
// view's first load): the texts must stay those date-fns gives with the French locale.
const t = (key: string) => key;
const NOW = new Date(2026, 11, 2, 14, 30, 10);
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

it('writes full dates, times and day labels as date-fns does in French', () => {
  // Every day of two years, at a time that moves through the day's hours and minutes.
  for (let day = 0; day < 730; day++) {
    const date = new Date(2025, 0, 1 + day, day % 24, (day * 7) % 60);
    expect(fullDateTime(date)).toBe(format(date, 'dd/MM/yyyy HH:mm'));
    expect(timeOfDay(date)).toBe(format(date, 'HH:mm'));
    const label = dayLabel(date, t);
    if (!label.startsWith('messages.')) {
      const expected = format(date, 'EEEE d MMMM yyyy', { locale: fr });
      expect(label).toBe(expected.charAt(0).toUpperCase() + expected.slice(1));
    }
  }
  expect(dayLabel(new Date(2026, 0, 12), t)).toBe('Lundi 12 janvier 2026');
});

it('writes this year’s dates and today’s distances as date-fns does in French', () => {
  for (let day = 0; day < 334; day++) {
    const date = new Date(2026, 0, 1 + day, (day * 5) % 24, (day * 11) % 60);
    expect(relativeTime(date, t, NOW)).toBe(format(date, "d MMM 'à' HH:mm", { locale: fr }));
  }
  expect(relativeTime(new Date(2026, 2, 12, 9, 5), t, NOW)).toBe('12 mars à 09:05');
  // Today: from 45 s ago back to midnight, every 13 s (later than 45 s ago reads « à l’instant »).
  const midnight = new Date(2026, 11, 2).getTime();
  for (let at = midnight; at < NOW.getTime(); at += 13_000) {
    const date = new Date(at);
    if (NOW.getTime() - at < 45_000) break;
    expect(relativeTime(date, t, NOW)).toBe(
      formatDistanceToNowStrict(date, { addSuffix: true, locale: fr }),
    );
  }
  expect(relativeTime(new Date(NOW.getTime() - 5 * 60_000), t, NOW)).toBe('il y a 5 minutes');
  expect(relativeTime(new Date(2025, 5, 1, 8, 0), t, NOW)).toBe('01/06/2025 08:00');
});
