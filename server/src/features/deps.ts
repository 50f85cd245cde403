import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import type { EventBus } from '../events/bus';
import type { Realtime } from '../realtime/realtime';

/** What a feature service needs: the store, the fan-out, domain events, and a logger. */
export interface Deps {
  db: Db;
  realtime: Realtime;
  events: EventBus;
  log: FastifyBaseLogger;
}

export const depsFor = (ctx: AppContext, request: FastifyRequest): Deps => ({
  db: ctx.db,
  realtime: ctx.realtime,
  events: ctx.events,
  log: request.log,
});

/**
 * Run realtime sends once the transaction has committed, in order (memberAdded must
 * subscribe a socket before the event it should receive). The database is the truth
 * (docs/product.md §10.9): a broker failure is logged, never turned into a failed request, because
 * the write it announces already happened and clients converge by sequence.
 */
export async function publish(
  deps: Pick<Deps, 'log'>,
  what: string,
  ...sends: Array<() => Promise<void>>
): Promise<void> {
  for (const send of sends) {
    try {
      await send();
    } catch (err) {
      deps.log.warn({ err, event: what }, 'realtime publish failed after commit');
    }
  }
}
