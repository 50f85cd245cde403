import { describe, expect, it, vi } from 'vitest';
import type { Tx } from '../db/client';
import { EventBus } from './bus';

// A test-only event, declared as a feature declares its own (features/<f>/events.ts).
declare module './bus' {
  interface DomainEvents {
    testHappened: { n: number };
  }
}

const quietLog = () => ({ warn: vi.fn() });

describe('EventBus', () => {
  it('calls every subscriber synchronously, in subscription order', () => {
    const bus = new EventBus(quietLog());
    const seen: string[] = [];
    bus.on('testHappened', ({ n }) => void seen.push(`a${n}`));
    bus.on('testHappened', ({ n }) => void seen.push(`b${n}`));
    bus.publish('testHappened', { n: 1 });
    expect(seen).toEqual(['a1', 'b1']);
  });

  it('does nothing without subscribers', () => {
    const bus = new EventBus(quietLog());
    expect(() => bus.publish('testHappened', { n: 1 })).not.toThrow();
  });

  it('keeps a failing subscriber (sync or async) from reaching the publisher or the others', async () => {
    const log = quietLog();
    const bus = new EventBus(log);
    const after = vi.fn();
    bus.on('testHappened', () => {
      throw new Error('sync');
    });
    bus.on('testHappened', async () => {
      throw new Error('async');
    });
    bus.on('testHappened', after);
    bus.publish('testHappened', { n: 2 });
    expect(after).toHaveBeenCalledWith({ n: 2 });
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('does not wait for a subscriber’s async work', () => {
    const bus = new EventBus(quietLog());
    let finished = false;
    bus.on('testHappened', async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      finished = true;
    });
    bus.publish('testHappened', { n: 3 });
    expect(finished).toBe(false);
  });

  it('runs the steps of a write in subscription order, each awaited, with its transaction', async () => {
    const bus = new EventBus(quietLog());
    // The bus only hands the transaction on: any object stands for it here.
    const tx = { tag: 'tx' } as unknown as Tx;
    const seen: string[] = [];
    bus.within('testHappened', async (given, { n }) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`a${n}:${given === tx}`);
    });
    bus.within('testHappened', async (given, { n }) => void seen.push(`b${n}:${given === tx}`));
    await bus.runWithin(tx, 'testHappened', { n: 4 });
    expect(seen).toEqual(['a4:true', 'b4:true']);
  });

  it('lets a failing step reach the publisher (its transaction rolls back), unlike a subscriber', async () => {
    const bus = new EventBus(quietLog());
    const later = vi.fn(async () => {});
    bus.within('testHappened', async () => {
      throw new Error('step');
    });
    bus.within('testHappened', later);
    await expect(bus.runWithin({} as Tx, 'testHappened', { n: 5 })).rejects.toThrow('step');
    expect(later).not.toHaveBeenCalled();
  });
});
