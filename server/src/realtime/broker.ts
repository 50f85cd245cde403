/**
 * How nodes reach each other (docs/scaling.md): in-process by default, Redis pub/sub when
 * REDIS_URL is set. A node applies what it publishes itself at once; the broker carries it
 * to the OTHER nodes, in publication order.
 */
export interface Broker {
  readonly nodeId: string;
  readonly kind: 'memory' | 'redis';
  publish(message: string): void;
  /** Messages published by any node (this one's included: the hub skips its own). */
  onMessage(handler: (message: string) => void): void;
  /**
   * The subscription was lost and is back (Redis dropped a lagging subscriber, or the
   * connection broke): messages may have been missed meanwhile.
   */
  onResubscribed(handler: () => void): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Who has sockets where, across nodes. Each node calls it only when a user's socket count
 * ON THIS NODE goes 0 → 1 or 1 → 0, so the answers are about the user's sockets anywhere.
 */
export interface PresenceStore {
  /** Returns true when the user had no socket on any other node (they just came online). */
  nodeJoined(userId: string): Promise<boolean>;
  /** Returns true when the user has no socket left on any node (they just went offline). */
  nodeLeft(userId: string): Promise<boolean>;
  /** Which of these users have a socket on a live node. */
  connected(userIds: readonly string[]): Promise<Set<string>>;
  /** Whether another live node exists (single-node start-up may reset every status). */
  otherNodesAlive(): Promise<boolean>;
  /**
   * Say this node is alive, and reap nodes that stopped saying so (crashed): returns the
   * users who were only on a reaped node, now offline.
   */
  beat(): Promise<string[]>;
  /** Rewrite this node's entry from its sockets (after Redis lost it, e.g. a restart). */
  restore(userIds: Iterable<string>): Promise<void>;
  close(): Promise<void>;
}
