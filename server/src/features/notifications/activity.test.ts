import { describe, expect, it } from 'vitest';
import { VisibleTabs } from './activity';

describe('VisibleTabs', () => {
  const setup = () => {
    let now = 0;
    const tabs = new VisibleTabs(45_000, () => now);
    return { tabs, later: (ms: number) => (now += ms) };
  };

  it('knows which users read a channel in a tab in view, by each tab’s latest note', () => {
    const { tabs } = setup();
    tabs.note({ userId: 'bob', tab: 't1', visible: true, reading: 'c1' });
    tabs.note({ userId: 'bob', tab: 't2', visible: true, reading: 'c1' });
    tabs.note({ userId: 'carol', tab: 't3', visible: true, reading: 'c2' });
    tabs.note({ userId: 'dan', tab: 't4', visible: true });
    expect(tabs.readersOf('c1')).toEqual(['bob']);
    expect(tabs.readersOf('c2')).toEqual(['carol']);
    expect(tabs.has('dan')).toBe(true);

    // Bob's first tab moves on, his second is hidden: he reads c1 no more, but is in view.
    tabs.note({ userId: 'bob', tab: 't1', visible: true, reading: 'c2' });
    tabs.note({ userId: 'bob', tab: 't2', visible: false, reading: 'c1' });
    expect(tabs.readersOf('c1')).toEqual([]);
    expect(tabs.readersOf('c2').sort()).toEqual(['bob', 'carol']);
    expect(tabs.has('bob')).toBe(true);
  });

  it('forgets a tab that stopped saying so after its time, on asking or on pruning', () => {
    const { tabs, later } = setup();
    tabs.note({ userId: 'bob', tab: 't1', visible: true, reading: 'c1' });
    later(30_000);
    tabs.note({ userId: 'carol', tab: 't2', visible: true, reading: 'c1' });
    expect(tabs.readersOf('c1').sort()).toEqual(['bob', 'carol']);
    later(20_000);
    expect(tabs.readersOf('c1')).toEqual(['carol']);
    expect(tabs.has('bob')).toBe(false);
    later(30_000);
    tabs.prune();
    expect(tabs.has('carol')).toBe(false);
    expect(tabs.readersOf('c1')).toEqual([]);
  });
});
