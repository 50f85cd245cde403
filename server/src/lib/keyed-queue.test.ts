import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('KeyedQueue', () => {
  it('finishes one key’s tasks in the order given, even when the first is the slowest', async () => {
    const queue = new KeyedQueue();
    const done: string[] = [];
    await Promise.all([
      queue.run('a', async () => {
        await sleep(30);
        done.push('a1');
      }),
      queue.run('a', async () => {
        done.push('a2');
      }),
      queue.run('b', async () => {
        done.push('b1');
      }),
    ]);
    expect(done).toEqual(['b1', 'a1', 'a2']);
  });

  it('goes on after a failed task, hands the failure to its caller and forgets idle keys', async () => {
    const queue = new KeyedQueue();
    const failed = queue.run('a', async () => {
      throw new Error('boom');
    });
    const next = queue.run('a', async () => undefined);
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBeUndefined();
    await sleep(0);
    expect(queue.size).toBe(0);
  });
});
