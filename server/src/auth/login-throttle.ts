import { isIPv6 } from 'node:net';
import type { Redis } from 'ioredis';

/** Failures allowed per account before waits start, and the longest wait. */
const FREE_FAILURES = 5;
const MAX_WAIT_MS = 15 * 60 * 1000;
/** Failures are forgotten this long after the last one. */
const MEMORY_MS = 60 * 60 * 1000;

interface Failures {
  count: number;
  lastAt: number;
}

/** After FREE_FAILURES, each failure doubles the wait before the next try: 1 s, 2 s, 4 s… 15 min. */
export const waitAfter = ({ count, lastAt }: Failures, now: number): number => {
  if (count < FREE_FAILURES) return 0;
  const wait = Math.min(1000 * 2 ** (count - FREE_FAILURES), MAX_WAIT_MS);
  return Math.max(0, lastAt + wait - now);
};

/**
 * Failed sign-ins per account (the email as typed, known or not, so that the answer says
 * nothing about it), shared by the nodes through Redis when configured
 * (docs/security.md, finding 6).
 */
export class LoginThrottle {
  private readonly local = new Map<string, Failures>();

  constructor(
    private readonly redis: Redis | undefined,
    private readonly prefix: string,
  ) {}

  private key = (email: string) => `${this.prefix}login:${email.toLowerCase()}`;

  /** Milliseconds to wait before this account may try again; 0 when it may now. */
  async retryAfter(email: string, now = Date.now()): Promise<number> {
    return waitAfter(await this.read(email, now), now);
  }

  async failed(email: string, now = Date.now()): Promise<void> {
    const key = this.key(email);
    if (this.redis) {
      await this.redis
        .multi()
        .hincrby(key, 'count', 1)
        .hset(key, 'lastAt', now)
        .pexpire(key, MEMORY_MS)
        .exec();
      return;
    }
    const current = await this.read(email, now);
    this.local.set(key, { count: current.count + 1, lastAt: now });
    if (this.local.size > 100_000) this.local.clear();
  }

  async succeeded(email: string): Promise<void> {
    const key = this.key(email);
    if (this.redis) await this.redis.del(key);
    else this.local.delete(key);
  }

  private async read(email: string, now: number): Promise<Failures> {
    const key = this.key(email);
    if (this.redis) {
      const { count, lastAt } = await this.redis.hgetall(key);
      return { count: Number(count ?? 0), lastAt: Number(lastAt ?? 0) };
    }
    const local = this.local.get(key);
    return local && now - local.lastAt < MEMORY_MS ? local : { count: 0, lastAt: 0 };
  }
}

/**
 * The address a per-address limit counts: IPv4 as is, IPv6 by its /64 (one customer's
 * network gets a whole /64, so a single address per request would be no limit at all).
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => (Number.parseInt(g, 16) || 0).toString(16))
    .join(':')}::/64`;
}
