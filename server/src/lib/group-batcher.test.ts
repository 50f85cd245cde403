import { describe, expect, it } from 'vitest';
import { GroupBatcher } from './group-batcher';

/** A batch function the test finishes by hand, recording what each batch held. */
function manual<I>() {
  const batches: I[][] = [];
  const finishers: Array<() => void> = [];
  const work = (items: I[]) =>
    new Promise<I[]>((resolve) => {
      batches.push(items);
      finishers.push(() => resolve(items));
    });
  return { batches, work, finish: (i: number) => finishers[i]?.() };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('GroupBatcher', () => {
  it('sends what arrives in one turn together, and a lone item without waiting longer', async () => {
    const { batches, work, finish } = manual<number>();
    const batcher = new GroupBatcher(work, { concurrency: 1, maxBatchSize: 100 });
    const first = [batcher.load(1), batcher.load(2), batcher.load(3)];
    await turn();
    expect(batches).toEqual([[1, 2, 3]]);
    finish(0);
    await expect(Promise.all(first)).resolves.toEqual([1, 2, 3]);
    const lone = batcher.load(4);
    await turn();
    expect(batches).toEqual([[1, 2, 3], [4]]);
    finish(1);
    await expect(lone).resolves.toBe(4);
  });

  it('holds arrivals while every slot is busy, then sends them as one batch', async () => {
    const { batches, work, finish } = manual<number>();
    const batcher = new GroupBatcher(work, { concurrency: 2, maxBatchSize: 100 });
    const all = [batcher.load(1)];
    await turn();
    all.push(batcher.load(2));
    await turn();
    // Two slots, two batches running: what comes now waits for a slot.
    for (const n of [3, 4, 5]) all.push(batcher.load(n));
    await turn();
    expect(batches).toEqual([[1], [2]]);
    finish(0);
    await turn();
    expect(batches).toEqual([[1], [2], [3, 4, 5]]);
    finish(1);
    finish(2);
    await expect(Promise.all(all)).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('splits a pile larger than maxBatchSize', async () => {
    const { batches, work, finish } = manual<number>();
    const batcher = new GroupBatcher(work, { concurrency: 1, maxBatchSize: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => batcher.load(n));
    await turn();
    for (let i = 0; i < 3; i++) {
      finish(i);
      await turn();
    }
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
    await expect(Promise.all(all)).resolves.toEqual([1, 2, 3, 4, 5]);
  });

  it('rejects one item for its Error, every item of a batch that throws, and goes on', async () => {
    const batcher = new GroupBatcher<number, number>(
      async (items) => {
        if (items.includes(0)) throw new Error('the store went away');
        return items.map((n) => (n < 0 ? new Error(`bad ${n}`) : n * 10));
      },
      { concurrency: 1, maxBatchSize: 100 },
    );
    const [good, bad] = [batcher.load(1), batcher.load(-1)];
    await expect(good).resolves.toBe(10);
    await expect(bad).rejects.toThrow('bad -1');
    const failed = [batcher.load(0), batcher.load(2)];
    await expect(failed[0]).rejects.toThrow('the store went away');
    await expect(failed[1]).rejects.toThrow('the store went away');
    await expect(batcher.load(3)).resolves.toBe(30);
  });
});
