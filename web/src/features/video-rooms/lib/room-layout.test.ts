import { describe, expect, it } from 'vitest';
import {
  GRID_MAX_TILES,
  LAYER,
  layerFor,
  nextSpeaker,
  roomLayout,
  STAGE_SWITCH_MS,
} from './room-layout';

const seats = (n: number) => Array.from({ length: n }, (_, i) => `s${i + 1}`);

describe('a room’s layout', () => {
  it('is a grid while every tile fits, at full size for two and half size for three or four', () => {
    expect(GRID_MAX_TILES).toBe(4);
    for (const remote of [seats(1), seats(2), seats(3)]) {
      expect(roomLayout(remote, null, 's1')).toEqual({ mode: 'grid' });
    }
    expect(layerFor({ mode: 'grid' }, 's1', 2)).toBe(LAYER.high);
    expect(layerFor({ mode: 'grid' }, 's1', 3)).toBe(LAYER.medium);
    expect(layerFor({ mode: 'grid' }, 's3', 4)).toBe(LAYER.medium);
  });

  it('puts the last speaker on the stage past four tiles, else the first seat', () => {
    expect(roomLayout(seats(7), null, 's5')).toEqual({ mode: 'stage', stage: 's5' });
    expect(roomLayout(seats(7), null, null)).toEqual({ mode: 'stage', stage: 's1' });
    // A speaker who left gives the stage back to the first seat.
    expect(roomLayout(seats(7), null, 'gone')).toEqual({ mode: 'stage', stage: 's1' });
  });

  it('keeps a pinned seat on the stage whoever speaks, at any size, until it leaves', () => {
    expect(roomLayout(seats(7), 's3', 's5')).toEqual({ mode: 'stage', stage: 's3' });
    expect(roomLayout(seats(1), 's1', null)).toEqual({ mode: 'stage', stage: 's1' });
    expect(roomLayout(seats(2), 'gone', 's2')).toEqual({ mode: 'grid' });
  });

  it('gives the stage the full layer and every thumbnail the lowest', () => {
    const layout = roomLayout(seats(7), null, 's2');
    expect(layerFor(layout, 's2', 8)).toBe(LAYER.high);
    for (const seat of seats(7).filter((s) => s !== 's2')) {
      expect(layerFor(layout, seat, 8)).toBe(LAYER.low);
    }
  });
});

describe('the speaker the stage follows', () => {
  const since = (entries: Record<string, number>) => new Map(Object.entries(entries));

  it('turns to someone who has spoken for a second while the stage’s speaker is silent', () => {
    expect(STAGE_SWITCH_MS).toBe(1000);
    expect(nextSpeaker('s1', since({ s2: 0 }), 999)).toBe('s1');
    expect(nextSpeaker('s1', since({ s2: 0 }), 1000)).toBe('s2');
    expect(nextSpeaker(null, since({ s2: 0 }), 1000)).toBe('s2');
  });

  it('stays on its speaker while they speak, whoever else does', () => {
    expect(nextSpeaker('s1', since({ s1: 5000, s2: 0 }), 9000)).toBe('s1');
  });

  it('stays put through a silence and through short sounds', () => {
    expect(nextSpeaker('s1', since({}), 60_000)).toBe('s1');
    expect(nextSpeaker('s1', since({ s2: 59_500, s3: 59_800 }), 60_000)).toBe('s1');
  });

  it('picks whoever has spoken the longest when several have', () => {
    expect(nextSpeaker('s1', since({ s2: 3000, s3: 1000, s4: 2000 }), 5000)).toBe('s3');
  });
});
