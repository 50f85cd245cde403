/**
 * Token buckets by key: `capacity` tokens, refilled at `perSecond`. `take` spends one and
 * answers 0, or answers how many milliseconds until one is back (then spends nothing).
 * Full buckets are forgotten, so memory follows the keys in use, not all keys ever seen.
 */
export class TokenBuckets<K = string> {
  private readonly buckets = new Map<K, { tokens: number; at: number }>();

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
  ) {}

  take(key: K, now = Date.now()): number {
    const bucket = this.buckets.get(key) ?? { tokens: this.capacity, at: now };
    bucket.tokens = Math.min(
      this.capacity,
      bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond,
    );
    bucket.at = now;
    if (bucket.tokens < 1) {
      this.buckets.set(key, bucket);
      return Math.ceil(((1 - bucket.tokens) / this.perSecond) * 1000);
    }
    bucket.tokens -= 1;
    this.buckets.set(key, bucket);
    return 0;
  }

  /** Drop the buckets that have refilled: call now and then. */
  sweep(now = Date.now()): void {
    for (const [key, bucket] of this.buckets) {
      if (bucket.tokens + ((now - bucket.at) / 1000) * this.perSecond >= this.capacity) {
        this.buckets.delete(key);
      }
    }
  }

  forget(key: K): void {
    this.buckets.delete(key);
  }

  get size(): number {
    return this.buckets.size;
  }
}
