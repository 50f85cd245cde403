import { describe, expect, it } from 'vitest';
import { findSlots, type Interval, intersect, subtract, union } from './slots';

const MIN = 60_000;
const H = 60 * MIN;
/** Hours of one day as instants: h(9.5) is 09:30. */
const h = (hours: number) => hours * H;
const iv = (start: number, end: number): Interval => ({ start: h(start), end: h(end) });
const hours = (slots: Interval[]) => slots.map((s) => [s.start / H, s.end / H]);

const base = {
  range: iv(0, 48),
  durationMs: 30 * MIN,
  stepMs: 15 * MIN,
  count: 5,
};

describe('interval arithmetic', () => {
  it('merges overlapping and touching intervals, drops empty ones', () => {
    expect(union([iv(10, 11), iv(9, 10), iv(10.5, 12), iv(14, 14), iv(13, 13.5)])).toEqual([
      iv(9, 12),
      iv(13, 13.5),
    ]);
  });

  it('intersects two lists', () => {
    expect(intersect([iv(9, 12), iv(14, 18)], [iv(8, 10), iv(11, 15)])).toEqual([
      iv(9, 10),
      iv(11, 12),
      iv(14, 15),
    ]);
    expect(intersect([iv(9, 10)], [])).toEqual([]);
  });

  it('subtracts holes, at the edges and in the middle', () => {
    expect(subtract([iv(9, 18)], [iv(8, 9.5), iv(12, 13), iv(17, 19)])).toEqual([
      iv(9.5, 12),
      iv(13, 17),
    ]);
    expect(subtract([iv(9, 10)], [iv(8, 11)])).toEqual([]);
  });
});

describe('findSlots', () => {
  it('gives the first non-overlapping slots on the quarter-hour grid', () => {
    const slots = findSlots({ ...base, working: [[iv(9, 18)]], busy: [] });
    expect(hours(slots)).toEqual([
      [9, 9.5],
      [9.5, 10],
      [10, 10.5],
      [10.5, 11],
      [11, 11.5],
    ]);
  });

  it('skips everyone’s busy time and keeps within everyone’s working time', () => {
    const slots = findSlots({
      ...base,
      durationMs: h(1),
      count: 3,
      // One starts at 10, another stops at 16.
      working: [[iv(9, 18)], [iv(10, 16)], [iv(8, 20)]],
      busy: [iv(10, 11.25), iv(12.5, 13)],
    });
    // 11:15 (after the busy time, on the grid), then 13:00 (11:15–12:15, then 12:15–12:30 is too short).
    expect(hours(slots)).toEqual([
      [11.25, 12.25],
      [13, 14],
      [14, 15],
    ]);
  });

  it('starts on the grid when the free time does not', () => {
    const slots = findSlots({ ...base, count: 1, working: [[iv(9, 18)]], busy: [iv(8, 9.1)] });
    expect(hours(slots)).toEqual([[9.25, 9.75]]);
  });

  it('goes on to the next day, and clips to the range', () => {
    const slots = findSlots({
      ...base,
      range: iv(17, 40),
      durationMs: h(2),
      working: [[iv(9, 18), iv(33, 42)]],
      busy: [],
    });
    expect(hours(slots)).toEqual([
      [33, 35],
      [35, 37],
      [37, 39],
    ]);
  });

  it('finds nothing when the working times never meet, or nobody is asked', () => {
    expect(findSlots({ ...base, working: [[iv(9, 12)], [iv(13, 18)]], busy: [] })).toEqual([]);
    expect(findSlots({ ...base, working: [], busy: [] })).toEqual([]);
    expect(findSlots({ ...base, working: [[iv(9, 9.25)]], busy: [] })).toEqual([]);
  });
});
