import type { FastifyInstance } from 'fastify';

/**
 * One readiness check: resolves when what it watches is fine, rejects (or takes longer than
 * CHECK_TIMEOUT_MS) when the node should get no traffic.
 */
export type ReadinessCheck = () => Promise<unknown>;

interface Check {
  run: ReadinessCheck;
  /** Why the node is not ready, in French, when the check fails. */
  failure: string;
  /** A run still going (a store that does not answer): the next probe waits on it, not a new one. */
  pending?: Promise<unknown> | undefined;
}

export type ReadinessResult = { ready: true } | { ready: false; failing: string[]; why: string[] };

/** A dependency that does not answer in this long counts as down (a load balancer's probe waits longer). */
export const CHECK_TIMEOUT_MS = 2000;
/** Probes that arrive within this long share one answer: an open endpoint must stay cheap. */
const REUSE_MS = 1000;

function runCheck(check: Check): Promise<unknown> {
  check.pending ??= check.run().finally(() => {
    check.pending = undefined;
  });
  const pending = check.pending;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
    pending.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * What GET /readyz answers (docs/operations.md): not ready while the node drains, or while
 * any check fails. Checks are a list others add to (the store and Redis today; an overload
 * signal can join with `add`).
 */
export class Readiness {
  private readonly checks = new Map<string, Check>();
  private draining = false;
  private inFlight: Promise<ReadinessResult> | undefined;
  private last: { at: number; result: ReadinessResult } | undefined;

  add(name: string, run: ReadinessCheck, failure: string): void {
    if (this.checks.has(name)) throw new Error(`readiness check ${name} added twice`);
    this.checks.set(name, { run, failure });
  }

  /** SIGTERM: from now on the node is not ready, whatever the checks say. */
  drain(): void {
    this.draining = true;
  }

  get isDraining(): boolean {
    return this.draining;
  }

  async probe(): Promise<ReadinessResult> {
    if (this.draining) return { ready: false, failing: ['draining'], why: ['le nœud s’arrête'] };
    if (this.last && Date.now() - this.last.at < REUSE_MS) return this.last.result;
    this.inFlight ??= this.runChecks().finally(() => {
      this.inFlight = undefined;
    });
    return this.inFlight;
  }

  private async runChecks(): Promise<ReadinessResult> {
    const entries = [...this.checks];
    const outcomes = await Promise.allSettled(entries.map(([, check]) => runCheck(check)));
    const failed = entries.filter((_, i) => outcomes[i]?.status === 'rejected');
    const result: ReadinessResult =
      failed.length === 0
        ? { ready: true }
        : {
            ready: false,
            failing: failed.map(([name]) => name),
            why: failed.map(([, check]) => check.failure),
          };
    this.last = { at: Date.now(), result };
    return result;
  }
}

/**
 * GET /healthz (the process answers: no store access) and GET /readyz (the node should get
 * traffic). Unauthenticated, never cached, and logged only at warn: a load balancer asks
 * every few seconds.
 */
export function registerHealth(app: FastifyInstance, readiness: Readiness): void {
  const quiet = { logLevel: 'warn' as const };
  app.get('/healthz', quiet, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', quiet, async (_request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const result = await readiness.probe();
    if (result.ready) return { status: 'ok' };
    return reply
      .status(503)
      .send({ message: `Nœud indisponible : ${result.why.join(', ')}`, failing: result.failing });
  });
}
