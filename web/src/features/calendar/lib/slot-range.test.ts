import { describe, expect, it } from 'vitest';
import { slotRange } from './slot-range';

const none = { from: '', to: '' };

describe('slotRange', () => {
  // Wednesday 4 June 2031, 15:20 on the runner's clock.
  const now = new Date(2031, 5, 4, 15, 20);

  it('is the rest of this week from now, or the whole of next week', () => {
    expect(slotRange('thisWeek', now, none)).toEqual({ from: now, to: new Date(2031, 5, 9) });
    expect(slotRange('nextWeek', now, none)).toEqual({
      from: new Date(2031, 5, 9),
      to: new Date(2031, 5, 16),
    });
  });

  it('takes the days picked, both included, and refuses an end before the start or over 31 days', () => {
    expect(slotRange('custom', now, { from: '2031-06-10', to: '2031-06-12' })).toEqual({
      from: new Date(2031, 5, 10),
      to: new Date(2031, 5, 13),
    });
    expect(slotRange('custom', now, { from: '2031-06-12', to: '2031-06-10' })).toBeNull();
    expect(slotRange('custom', now, { from: '2031-06-01', to: '2031-07-15' })).toBeNull();
    expect(slotRange('custom', now, none)).toBeNull();
  });
});
