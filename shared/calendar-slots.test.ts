import { describe, expect, it } from 'vitest';
import { slotLabel } from './calendar-slots';

describe('slotLabel', () => {
  it('names the day and the hours in French, on the given zone’s clock', () => {
    const start = new Date('2031-03-13T13:00:00Z');
    expect(slotLabel(start, new Date('2031-03-13T13:30:00Z'), 'Europe/Paris')).toBe(
      'jeudi 13 mars, 14\u00a0h – 14\u00a0h\u00a030',
    );
    expect(slotLabel(start, new Date('2031-03-13T15:00:00Z'), 'Europe/Paris')).toBe(
      'jeudi 13 mars, 14\u00a0h – 16\u00a0h',
    );
  });

  it('names the second day when the slot ends on another', () => {
    expect(
      slotLabel(new Date('2031-03-13T22:00:00Z'), new Date('2031-03-14T00:15:00Z'), 'Europe/Paris'),
    ).toBe('jeudi 13 mars, 23\u00a0h – vendredi 14 mars, 1\u00a0h\u00a015');
  });
});
