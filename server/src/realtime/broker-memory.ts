import { randomUUID } from 'node:crypto';
import type { Broker, PresenceStore } from './broker';

/**
 * The nodes that share one in-process broker: one per server by default. Unit tests put
 * several hubs on one bus to play a cluster without Redis.
 */
export class MemoryBus {
  readonly brokers = new Set<MemoryBroker>();
  /** userId → nodeIds with sockets of that user. */
  readonly presence = new Map<string, Set<string>>();
}

export class MemoryBroker implements Broker {
  readonly kind = 'memory';
  readonly nodeId = randomUUID();
  private readonly handlers: ((message: string) => void)[] = [];

  constructor(private readonly bus = new MemoryBus()) {}

  publish(message: string): void {
    for (const broker of this.bus.brokers) {
      // Asynchronous like a real broker, and in order (microtasks run FIFO).
      if (broker !== this) queueMicrotask(() => broker.receive(message));
    }
  }

  onMessage(handler: (message: string) => void): void {
    this.handlers.push(handler);
  }

  onResubscribed(): void {
    // An in-process broker never loses its subscription.
  }

  async start(): Promise<void> {
    this.bus.brokers.add(this);
  }

  async close(): Promise<void> {
    this.bus.brokers.delete(this);
  }

  private receive(message: string): void {
    for (const handler of this.handlers) handler(message);
  }
}

export class MemoryPresenceStore implements PresenceStore {
  constructor(
    private readonly nodeId: string,
    private readonly bus = new MemoryBus(),
  ) {}

  async nodeJoined(userId: string): Promise<boolean> {
    let nodes = this.bus.presence.get(userId);
    if (!nodes) {
      nodes = new Set();
      this.bus.presence.set(userId, nodes);
    }
    const first = nodes.size === 0 || (nodes.size === 1 && nodes.has(this.nodeId));
    nodes.add(this.nodeId);
    return first;
  }

  async nodeLeft(userId: string): Promise<boolean> {
    const nodes = this.bus.presence.get(userId);
    nodes?.delete(this.nodeId);
    if (nodes?.size) return false;
    this.bus.presence.delete(userId);
    return true;
  }

  async connected(userIds: readonly string[]): Promise<Set<string>> {
    return new Set(userIds.filter((id) => this.bus.presence.get(id)?.size));
  }

  async otherNodesAlive(): Promise<boolean> {
    return this.bus.brokers.size > 1;
  }

  async beat(): Promise<string[]> {
    return [];
  }

  async restore(): Promise<void> {}

  async close(): Promise<void> {
    for (const [userId, nodes] of this.bus.presence) {
      nodes.delete(this.nodeId);
      if (nodes.size === 0) this.bus.presence.delete(userId);
    }
  }
}
