import { Server as NetServer } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { RESTART_RECONNECT_MAX_MS } from '#shared/protocol';
import type { Readiness } from './health';

/** What the drain needs of the realtime hub. */
export interface DrainableSockets {
  /** Close every socket with "reconnect elsewhere" and refuse new ones; returns how many. */
  drain(): number;
}

export interface DrainOutcome {
  /** Whether connections were still open at the deadline (then closed by force). */
  timedOut: boolean;
  elapsedMs: number;
}

/**
 * Keep-alive connections idle when the drain starts are left this long to send one more
 * request (answered with `Connection: close`); after it, idle connections are closed every
 * IDLE_SWEEP_MS. Closing them at once races with clients writing their next request on
 * them, a request that then fails (a scratch run with 20 busy HTTP clients lost 11 that way).
 */
const IDLE_GRACE_MS = 1000;
const IDLE_SWEEP_MS = 100;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * While the node drains, every response says `Connection: close`: the client's next request
 * opens a new connection, which the load balancer sends to another node. (Fastify's own
 * closing answers such requests 503 instead: app.close() comes only after the drain.)
 */
export function registerDrainHeaders(app: FastifyInstance, readiness: Readiness): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (readiness.isDraining) reply.header('Connection', 'close');
    return payload;
  });
}

/**
 * SIGTERM (docs/operations.md, "Arrêt et drain"): stop accepting connections, report not
 * ready, tell the sockets to reconnect elsewhere, and wait — up to `timeoutMs` — until the
 * requests in flight are answered and every connection is gone; then the users' presence is
 * kept a few seconds more, so that those reconnecting elsewhere never show offline. Only
 * after this may the app close and the store's pools end (main.ts): a request still running
 * when the pools end fails with `CONNECTION_ENDED`.
 */
export async function drain(
  app: FastifyInstance,
  readiness: Readiness,
  sockets: DrainableSockets,
  timeoutMs: number,
): Promise<DrainOutcome> {
  const started = Date.now();
  const remaining = () => Math.max(0, timeoutMs - (Date.now() - started));
  readiness.drain();
  const server = app.server;
  const allClosed = new Promise<boolean>((resolve) => {
    // Stops listening; calls back once every connection has ended. net's close, not http's:
    // http.Server.close() also closes the idle keep-alive connections at once (Node ≥ 19).
    NetServer.prototype.close.call(server, () => resolve(false));
  });
  const hadSockets = sockets.drain() > 0;
  let sweep: NodeJS.Timeout | undefined;
  const grace = setTimeout(() => {
    server.closeIdleConnections();
    sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
  }, IDLE_GRACE_MS);
  const timedOut = await Promise.race([allClosed, sleep(timeoutMs).then(() => true)]);
  clearTimeout(grace);
  clearInterval(sweep);
  if (timedOut) server.closeAllConnections();
  else if (hadSockets) await sleep(Math.min(RESTART_RECONNECT_MAX_MS + 1000, remaining()));
  return { timedOut, elapsedMs: Date.now() - started };
}
