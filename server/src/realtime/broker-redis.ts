import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Broker, PresenceStore } from './broker';

export interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * Redis pub/sub on one channel, `<prefix>:rt`. Publishing uses the app's Redis connection;
 * subscribing needs a connection of its own. Redis drops a subscriber whose output buffer
 * overflows (client-output-buffer-limit pubsub) and connections break: either way the
 * subscriber reconnects, subscribes again, and the hub tells its sockets to catch up.
 */
export class RedisBroker implements Broker {
  readonly kind = 'redis';
  readonly nodeId = randomUUID();
  readonly channel: string;
  private readonly sub: Redis;
  private readonly handlers: ((message: string) => void)[] = [];
  private readonly resubscribedHandlers: (() => void)[] = [];
  private subscribedOnce = false;
  /**
   * The subscription was lost and is being restored: events published meanwhile are gone.
   * The first thing heard from the restored subscription (its acknowledgement or an event)
   * tells the handlers first, synchronously, so that every socket's `resync` is queued
   * before any event of the new subscription (docs/realtime.md, "Losing the broker").
   */
  private restorePending = false;
  private closing = false;
  private firstSubscription!: () => void;
  private readonly subscribed = new Promise<void>((resolve) => {
    this.firstSubscription = resolve;
  });

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly log: Log,
  ) {
    this.channel = `${prefix}:rt`;
    // We subscribe ourselves on every 'ready', so that we know when to ask for a catch-up.
    this.sub = redis.duplicate({
      autoResubscribe: false,
      connectionName: `${prefix}:sub:${this.nodeId}`,
      lazyConnect: true,
    });
    this.sub.on('message', (_channel: string, message: string) => {
      this.restored();
      for (const handler of this.handlers) handler(message);
    });
    this.sub.on('error', (err: Error) => this.log.warn({ err }, 'realtime subscriber error'));
    this.sub.on('ready', () => void this.subscribe());
  }

  /** The subscriber's connection name, so that a test can make Redis drop it. */
  get subscriberName(): string {
    return this.sub.options.connectionName ?? '';
  }

  publish(message: string): void {
    this.redis.publish(this.channel, message).catch((err: unknown) => {
      this.log.warn({ err }, 'realtime publish failed');
    });
  }

  onMessage(handler: (message: string) => void): void {
    this.handlers.push(handler);
  }

  onResubscribed(handler: () => void): void {
    this.resubscribedHandlers.push(handler);
  }

  async start(): Promise<void> {
    await this.sub.connect();
    // Listening starts when the SUBSCRIBE is acknowledged, not when the connection is up.
    await this.subscribed;
  }

  async close(): Promise<void> {
    this.closing = true;
    this.sub.disconnect();
  }

  private async subscribe(): Promise<void> {
    if (this.closing) return;
    if (this.subscribedOnce) this.restorePending = true;
    try {
      await this.sub.subscribe(this.channel);
    } catch (err) {
      this.log.warn({ err }, 'realtime subscribe failed');
      return;
    }
    if (!this.subscribedOnce) {
      this.subscribedOnce = true;
      this.firstSubscription();
      return;
    }
    this.restored();
  }

  private restored(): void {
    if (!this.restorePending) return;
    this.restorePending = false;
    this.log.info({ channel: this.channel }, 'realtime subscription restored: clients resync');
    for (const handler of this.resubscribedHandlers) handler();
  }
}

/** Is the user on a live node other than ARGV[2]? Adds (ARGV[6]=1) or removes them first. */
const JOIN_LEAVE = `
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[2])
if ARGV[6] == '1' then redis.call('SADD', KEYS[2], ARGV[1]) else redis.call('SREM', KEYS[2], ARGV[1]) end
local live = redis.call('ZRANGEBYSCORE', KEYS[1], tonumber(ARGV[3]) - tonumber(ARGV[4]), '+inf')
for _, node in ipairs(live) do
  if node ~= ARGV[2] and redis.call('SISMEMBER', ARGV[5] .. node, ARGV[1]) == 1 then return 0 end
end
return 1`;

/** The users among ARGV[4..] who are on a live node. */
const CONNECTED = `
local live = redis.call('ZRANGEBYSCORE', KEYS[1], tonumber(ARGV[1]) - tonumber(ARGV[2]), '+inf')
local out = {}
for i = 4, #ARGV do
  for _, node in ipairs(live) do
    if redis.call('SISMEMBER', ARGV[3] .. node, ARGV[i]) == 1 then
      out[#out + 1] = ARGV[i]
      break
    end
  end
end
return out`;

/**
 * Presence across nodes: a set of user ids per node (`<prefix>:presence:node:<id>`) and a
 * sorted set of nodes by last heartbeat (`<prefix>:presence:nodes`). A node that has not
 * beaten for `ttlMs` is dead: its sockets no longer count, and the first node to notice
 * removes it and reports its users offline. The scripts read keys they are not given, which
 * is fine on one Redis (not on Redis Cluster).
 */
export class RedisPresenceStore implements PresenceStore {
  private readonly nodesKey: string;
  private readonly nodePrefix: string;

  constructor(
    private readonly redis: Redis,
    prefix: string,
    private readonly nodeId: string,
    private readonly ttlMs = 30_000,
  ) {
    this.nodesKey = `${prefix}:presence:nodes`;
    this.nodePrefix = `${prefix}:presence:node:`;
  }

  private get nodeKey(): string {
    return this.nodePrefix + this.nodeId;
  }

  nodeJoined(userId: string): Promise<boolean> {
    return this.joinLeave(userId, true);
  }

  nodeLeft(userId: string): Promise<boolean> {
    return this.joinLeave(userId, false);
  }

  async connected(userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const found = (await this.redis.eval(
      CONNECTED,
      1,
      this.nodesKey,
      Date.now(),
      this.ttlMs,
      this.nodePrefix,
      ...userIds,
    )) as string[];
    return new Set(found);
  }

  async otherNodesAlive(): Promise<boolean> {
    const live = await this.redis.zrangebyscore(this.nodesKey, Date.now() - this.ttlMs, '+inf');
    return live.some((node) => node !== this.nodeId);
  }

  async beat(): Promise<string[]> {
    const now = Date.now();
    await this.redis.zadd(this.nodesKey, now, this.nodeId);
    const dead = await this.redis.zrangebyscore(this.nodesKey, '-inf', now - this.ttlMs);
    const orphans: string[] = [];
    for (const node of dead) {
      // Whoever removes the node first reaps it; the others see 0 and leave it alone.
      if ((await this.redis.zrem(this.nodesKey, node)) !== 1) continue;
      const key = this.nodePrefix + node;
      const users = await this.redis.smembers(key);
      await this.redis.del(key);
      const still = await this.connected(users);
      orphans.push(...users.filter((u) => !still.has(u)));
    }
    return orphans;
  }

  async restore(userIds: Iterable<string>): Promise<void> {
    const ids = [...userIds];
    const tx = this.redis.multi().del(this.nodeKey).zadd(this.nodesKey, Date.now(), this.nodeId);
    if (ids.length > 0) tx.sadd(this.nodeKey, ...ids);
    await tx.exec();
  }

  async close(): Promise<void> {
    await this.redis.multi().zrem(this.nodesKey, this.nodeId).del(this.nodeKey).exec();
  }

  private async joinLeave(userId: string, join: boolean): Promise<boolean> {
    const alone = await this.redis.eval(
      JOIN_LEAVE,
      2,
      this.nodesKey,
      this.nodeKey,
      userId,
      this.nodeId,
      Date.now(),
      this.ttlMs,
      this.nodePrefix,
      join ? '1' : '0',
    );
    return alone === 1;
  }
}
