import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Metrics } from '../lib/metrics';
import { registerAdminHealth } from './admin-health';
import { type DrainableSockets, type DrainOutcome, drain, registerDrainHeaders } from './drain';
import { Readiness, type ReadinessCheck, registerHealth } from './health';
import { registerMetrics } from './metrics';

/** What running the node as a service needs (app.ops): readiness and the drain. */
export interface Ops {
  /**
   * Another reason to report not ready (GET /readyz 503), e.g. overload: `check` rejects
   * (or takes over 2 s) while it holds; `failure` says why, in French.
   */
  addReadinessCheck(name: string, check: ReadinessCheck, failure: string): void;
  /** SIGTERM: see drain.ts. Resolves when the node may close. */
  drain(): Promise<DrainOutcome>;
  readonly isDraining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ops: Ops;
  }
}

export interface OpsDeps {
  config: Config;
  database: Database;
  redis: Redis | undefined;
  metrics: Metrics;
  sockets: DrainableSockets;
}

/**
 * The operations endpoints (docs/operations.md): /healthz, /readyz, /metrics, and the
 * drain main.ts runs on SIGTERM. One call from app.ts; the store and Redis are the first
 * readiness checks.
 */
export function registerOps(app: FastifyInstance, deps: OpsDeps): Ops {
  const readiness = new Readiness();
  readiness.add('store', () => deps.database.sql`select 1`, 'le stockage ne répond pas');
  const redis = deps.redis;
  if (redis) readiness.add('redis', () => redis.ping(), 'Redis ne répond pas');

  registerHealth(app, readiness);
  registerAdminHealth(app, deps);
  registerMetrics(app, deps);
  registerDrainHeaders(app, readiness);
  deps.metrics.gaugeFrom('ruche_draining', '1 while the node drains (SIGTERM)', () =>
    readiness.isDraining ? 1 : 0,
  );

  const ops: Ops = {
    addReadinessCheck: (name, check, failure) => readiness.add(name, check, failure),
    drain: () => drain(app, readiness, deps.sockets, deps.config.drainTimeoutMs),
    get isDraining() {
      return readiness.isDraining;
    },
  };
  app.decorate('ops', ops);
  return ops;
}
