import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Metrics } from '../lib/metrics';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
/** Headers a reverse proxy adds: a request relayed by a proxy on this host is not local. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

const digest = (value: string) => createHash('sha256').update(value).digest();

type Access = 'allowed' | 'hidden' | 'unauthorized';

/** METRICS=loopback: the peer itself is on this host, not a client relayed by a proxy here. */
function accessOf(request: FastifyRequest, access: NonNullable<Config['metrics']>): Access {
  if (access.access === 'loopback') {
    const local = LOOPBACK.test(request.socket.remoteAddress ?? '');
    const relayed = FORWARDED.some((name) => request.headers[name] !== undefined);
    return local && !relayed ? 'allowed' : 'hidden';
  }
  const header = request.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
  // Digests have one length: the comparison takes the same time whatever was sent.
  return given && timingSafeEqual(digest(given), digest(access.token)) ? 'allowed' : 'unauthorized';
}

/** The store's pools, as /metrics shows them (their gates count: db/store-gate.ts). */
function declareStoreMetrics(metrics: Metrics, database: Database): void {
  const gates = () => Object.entries({ pool: database.gate, pipeline: database.pipelineGate });
  metrics.gaugeFrom(
    'ruche_store_pool_size',
    'Connections the store client may open',
    () => gates().map(([pool, g]) => ({ labels: { pool }, value: g.slots })),
    ['pool'],
  );
  metrics.gaugeFrom(
    'ruche_store_connections_in_use',
    'Connections busy with a statement or a transaction',
    () =>
      gates().map(([pool, g]) => ({ labels: { pool }, value: Math.min(g.stats.inUse, g.slots) })),
    ['pool'],
  );
  metrics.gaugeFrom(
    'ruche_store_waiting',
    'Statements and transactions waiting for a connection (the pool), or pipelined behind another (the send path)',
    () =>
      gates().map(([pool, g]) => ({
        labels: { pool },
        value: g.stats.waiting + Math.max(0, g.stats.inUse - g.slots),
      })),
    ['pool'],
  );
  const queued = database.queued;
  if (queued) {
    metrics.gaugeFrom(
      'ruche_store_embedded_queue',
      'Embedded store: protocol messages waiting for its one PGlite session',
      async () => (await queued()) ?? Number.NaN,
    );
  }
}

/**
 * GET /metrics in Prometheus' text format, off unless METRICS says who may read it; with
 * it, the HTTP latency per route pattern and the process series are collected too. Off or
 * refused, the route answers like a route that does not exist (the web app's fallback
 * would otherwise serve its page there).
 */
export function registerMetrics(
  app: FastifyInstance,
  { config, metrics, database }: { config: Config; metrics: Metrics; database: Database },
): void {
  const access = config.metrics;
  const notFound = { message: 'Route introuvable : GET /metrics' };
  app.get('/metrics', { logLevel: 'warn' }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const verdict = access ? accessOf(request, access) : 'hidden';
    if (verdict === 'hidden') return reply.status(404).send(notFound);
    if (verdict === 'unauthorized') {
      return reply
        .status(401)
        .header('WWW-Authenticate', 'Bearer')
        .send({ message: 'Jeton de métriques manquant ou invalide' });
    }
    return reply.type(metrics.contentType).send(await metrics.render());
  });
  if (!access) return;

  metrics.collectProcessMetrics();
  declareStoreMetrics(metrics, database);
  const requests = metrics.histogram(
    'ruche_http_request_duration_seconds',
    'HTTP requests by route pattern, method and status class',
    ['method', 'route', 'status_class'],
  );
  app.addHook('onResponse', async (request, reply) => {
    // The route's pattern (/api/channels/:id), never the raw URL: one series per route.
    const route = request.routeOptions.url ?? 'unmatched';
    const statusClass = `${Math.floor(reply.statusCode / 100)}xx`;
    requests.observe(
      { method: request.method, route, status_class: statusClass },
      reply.elapsedTime / 1000,
    );
  });
}
