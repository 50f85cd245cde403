import type { Redis } from 'ioredis';
import { TokenBuckets } from './token-bucket';

/**
 * One token bucket per key in Redis, taken atomically by a script on Redis's own clock (the
 * nodes' clocks never meet): the same rule as TokenBuckets, shared by every node.
 * Returns 0 (a token spent) or the milliseconds until one is back (nothing spent).
 */
const TAKE = `
local capacity = tonumber(ARGV[1])
local rate = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(b[1]) or capacity
local at = tonumber(b[2]) or now
tokens = math.min(capacity, tokens + (now - at) / 1000 * rate)
local wait = 0
if tokens < 1 then
  wait = math.ceil((1 - tokens) / rate * 1000)
else
  tokens = tokens - 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(capacity / rate * 1000) + 1000)
return wait`;

type Log = { warn(obj: object, msg: string): void };

/**
 * Token buckets by key, cluster-wide when Redis is configured (docs/security.md, finding 6):
 * a user spreading requests over several nodes draws from one bucket. Without Redis, or
 * while Redis cannot be reached, each node keeps its own (a limit per node beats none).
 */
export class SharedTokenBuckets {
  private readonly local: TokenBuckets<string>;

  constructor(
    readonly capacity: number,
    readonly perSecond: number,
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
    private readonly log: Log,
  ) {
    this.local = new TokenBuckets<string>(capacity, perSecond);
  }

  async take(key: string): Promise<number> {
    if (!this.redis) return this.local.take(key);
    try {
      const wait = await this.redis.eval(
        TAKE,
        1,
        `${this.prefix}${key}`,
        this.capacity,
        this.perSecond,
      );
      return Number(wait);
    } catch (err) {
      this.log.warn({ err }, 'shared rate limit unavailable: this node counts alone');
      return this.local.take(key);
    }
  }

  /** Drop refilled local buckets (the Redis keys expire by themselves). */
  sweep(): void {
    this.local.sweep();
  }
}
