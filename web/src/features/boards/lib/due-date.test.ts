import { describe, expect, it } from 'vitest';
import { isOverdue, shortDueDate, todayIso } from './due-date';

describe('due dates', () => {
  it('shows a short French month and day', () => {
    expect(shortDueDate('2026-03-12')).toBe('12 mars');
    expect(shortDueDate('2026-01-05')).toBe('5 janv.');
  });

  it('is overdue only after the day', () => {
    const today = todayIso(new Date(2026, 2, 12, 23, 30));
    expect(today).toBe('2026-03-12');
    expect(isOverdue('2026-03-11', today)).toBe(true);
    expect(isOverdue('2026-03-12', today)).toBe(false);
  });
});
