import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket';

describe('TokenBuckets', () => {
  it('lets a burst through, then one token per refill period, per key', () => {
    const buckets = new TokenBuckets(3, 2);
    const t0 = 1_000_000;
    expect([1, 2, 3].map(() => buckets.take('a', t0))).toEqual([0, 0, 0]);
    expect(buckets.take('a', t0)).toBe(500);
    expect(buckets.take('b', t0)).toBe(0);
    expect(buckets.take('a', t0 + 500)).toBe(0);
    expect(buckets.take('a', t0 + 500)).toBe(500);
  });

  it('forgets refilled buckets on sweep', () => {
    const buckets = new TokenBuckets(2, 1);
    buckets.take('a', 0);
    buckets.take('b', 0);
    buckets.sweep(500);
    expect(buckets.size).toBe(2);
    buckets.sweep(1000);
    expect(buckets.size).toBe(0);
  });
});
