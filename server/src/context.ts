import type { Redis } from 'ioredis';
import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { EventBus } from './events/bus';
import type { Metrics } from './lib/metrics';
import type { Realtime } from './realtime/realtime';

/** What every feature's routes are given: built once in app.ts, never a global. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Set when REDIS_URL is: rate-limit counters and the realtime broker use it. */
  redis: Redis | undefined;
  /** Fan-out to sockets on every node; see realtime/realtime.ts. */
  realtime: Realtime;
  /** Domain events, published after commit; features subscribe in their own files. */
  events: EventBus;
  /** The app's Prometheus series: each layer declares its own (lib/metrics.ts). */
  metrics: Metrics;
}
