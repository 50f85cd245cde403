import type { UserStatus } from '#shared/limits';
import type { Broker, PresenceStore } from './broker';
import type { Log } from './broker-redis';

/** What a hub is built from (register.ts builds the node's; the tests build their own). */
export interface HubOptions {
  broker: Broker;
  presenceStore: PresenceStore;
  log: Log;
  /** The live status REST reads (users.status), written by presence while a user is connected. */
  saveStatus(userId: string, status: UserStatus): Promise<void>;
  loadStatuses(userIds: readonly string[]): Promise<Map<string, UserStatus>>;
  loadChosenStatus(userId: string): Promise<UserStatus>;
  resetStatuses(): Promise<void>;
  awayAfterMs?: number;
  /** A user's last socket closed: how long before they go offline (Presence). */
  offlineGraceMs?: number;
  /** Heartbeat period: ws pings, presence heartbeat and the away rule. */
  heartbeatMs?: number;
  chunkSize?: number;
  maxBufferedBytes?: number;
  /** See OutboxOptions. */
  flushBudgetMs?: number;
  /** Client frames one socket may send per second (a token bucket of twice that). */
  framesPerSecond?: number;
  /** Sockets one user may hold on this node at once. */
  maxSocketsPerUser?: number;
  /** A broker message from another node arrived this long (ms, by both clocks) after its publish. */
  onBrokerLag?: (ms: number) => void;
}

/** What GET /metrics reads of the hub: plain numbers, counted at no cost. */
export interface HubStats {
  sockets: number;
  framesIn: number;
  /** WebSocket messages written (a batch of events counts once). */
  framesOut: number;
  /** Events queued on sockets. */
  deliveries: number;
}

/** Heartbeat period's default: presence every period, a ping round every third (heartbeat.ts). */
export const HEARTBEAT_MS = 10_000;
export const FRAMES_PER_SECOND = 30;
export const MAX_SOCKETS_PER_USER = 20;
