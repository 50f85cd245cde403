import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * Claim one of a user's socket slots, across every node: drop the slots whose lease ran out
 * (their node stopped renewing them: it crashed or lost them), then take one if fewer than
 * the cap are held. A sorted set per user, scored by each slot's lease end on Redis's clock.
 */
const CLAIM = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[1]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[3])
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
return 1`;

/** Renew this node's leases (those still held: a released slot stays released). */
const RENEW = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], 'XX', now + tonumber(ARGV[1]), ARGV[i + 1])
  redis.call('PEXPIRE', KEYS[i], tonumber(ARGV[1]))
end
return #KEYS`;

type Log = { warn(obj: object, msg: string): void };

/**
 * The cap on sockets per user, cluster-wide through Redis (docs/security.md, finding 6): a
 * user cannot hold more than `max` sockets by spreading them over nodes. Each node leases
 * its sockets' slots for `leaseMs` and renews them every third of it, so a node that dies
 * frees its users' slots within `leaseMs`; a closed socket frees its slot at once.
 */
export class SocketSlots {
  /** Slots this node holds: slot id → user id. */
  private readonly held = new Map<string, string>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly max: number,
    private readonly log: Log,
    private readonly leaseMs = 60_000,
  ) {
    this.timer = setInterval(() => void this.renew(), Math.max(1, Math.floor(leaseMs / 3)));
    this.timer.unref();
  }

  private key = (userId: string) => `${this.prefix}:sockets:${userId}`;

  /**
   * A slot for one more socket of the user, or null when they hold `max` already. When
   * Redis cannot be reached the socket is let in (the per-node cap still applies). The
   * slot is renewed once `hold` says its socket opened; an upgrade that never completes
   * lets it lapse after one lease.
   */
  async claim(userId: string): Promise<string | null> {
    const slot = randomUUID();
    try {
      const ok = await this.redis.eval(CLAIM, 1, this.key(userId), this.max, this.leaseMs, slot);
      if (Number(ok) !== 1) return null;
    } catch (err) {
      this.log.warn({ err }, 'socket slots unavailable: only this node’s cap applies');
    }
    return slot;
  }

  /** The socket of a claimed slot is open: renew its lease until `release`. */
  hold(slot: string, userId: string): void {
    this.held.set(slot, userId);
  }

  /** The socket closed (or never opened): its slot is free again. */
  release(slot: string, userId: string): void {
    this.held.delete(slot);
    this.redis
      .zrem(this.key(userId), slot)
      .catch((err: unknown) => this.log.warn({ err }, 'socket slot release failed'));
  }

  async renew(): Promise<void> {
    const all = [...this.held];
    // A few hundred per script: Redis runs a script alone, so none may run long.
    for (let i = 0; i < all.length; i += 500) {
      const slots = all.slice(i, i + 500);
      try {
        await this.redis.eval(
          RENEW,
          slots.length,
          ...slots.map(([, userId]) => this.key(userId)),
          this.leaseMs,
          ...slots.map(([slot]) => slot),
        );
      } catch (err) {
        this.log.warn({ err }, 'socket slot renewal failed');
      }
    }
  }

  /** Shutting down: stop renewing and give every slot back. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    const slots = [...this.held];
    this.held.clear();
    if (slots.length === 0) return;
    const tx = this.redis.multi();
    for (const [slot, userId] of slots) tx.zrem(this.key(userId), slot);
    await tx.exec().catch(() => undefined);
  }
}
