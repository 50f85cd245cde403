import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { DestinationStream } from 'pino';
import { registerSessionResolver } from './auth/guard';
import { registerAuthRoutes } from './auth/routes';
import { deleteExpiredSessions } from './auth/sessions';
import type { Config } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { inBackground } from './db/store-gate';
import { EventBus } from './events/bus';
import { registerFeatureRoutes } from './features/routes';
import { userStatusStore } from './features/users/status';
import { isApiPath } from './lib/api-path';
import { registerAppLinks } from './lib/app-links';
import { HttpError, registerErrorHandler } from './lib/errors';
import { createLogRedaction } from './lib/log-redaction';
import { Metrics } from './lib/metrics';
import { registerOverloadShedding } from './lib/overload';
import { registerSecurity } from './lib/security';
import { registerOps } from './ops/register';
import { registerRealtime } from './realtime/register';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  redis?: Redis | undefined;
  /** The built web app to serve; defaults to dist/web when it exists. */
  webRoot?: string | undefined;
  /** Where the logs go (tests read them); standard output by default. */
  logStream?: DestinationStream | undefined;
  /**
   * More features, registered after the app's own as each of those registers itself
   * (routes, frames, topic kinds, event subscriptions): what tests plug in.
   */
  features?: ReadonlyArray<(app: FastifyInstance, ctx: AppContext) => void> | undefined;
}

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Sockets follow their session: an expired one is closed within this (docs/security.md, finding 4).
const SESSION_CLEANUP_MS = 10_000;

/** Build the whole server without listening: main.ts listens, tests call inject() or listen(0). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;

  // Secrets in addresses never reach the logs; the routes teach it their parameters (below).
  const logRedaction = createLogRedaction();
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: logRedaction.serializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Node checks these only every connectionsCheckingInterval (30 s by default): a client
    // that never finishes its headers held its descriptor ~90 s (docs/operations.md, "Timeouts").
    requestTimeout: config.http.requestTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs / 2),
    },
  });

  app.addHook('onRoute', logRedaction.onRoute);
  app.decorate('logRedaction', logRedaction);

  // ioredis reconnects by itself; without a listener each failed attempt is an unhandled error.
  options.redis?.on('error', (err: Error) => app.log.warn({ err }, 'redis connection error'));
  const metrics = new Metrics();
  // Security headers and CORS first: a refusal for overload reaches the app's other origins
  // (docs/mobile.md) readable, with its Retry-After, like any other answer.
  await registerSecurity(app, config);
  await registerOverloadShedding(app, config, {
    onShed: (reason) => metrics.countShed(reason),
  });
  database.gate.onShed = () => metrics.countShed('store');
  // JSON answers past 2 KB (a page of messages, the channel list) leave compressed: brotli at
  // quality 4 (the plugin's default, about gzip's speed) or gzip. Up to 256 KiB in one call on
  // the loop rather than through a zlib stream: for a page of messages the stream's own work
  // cost the node four times the compression's (docs/performance-log.md, capacity, "2026-11-29,
  // 04:00"). Static assets are compressed at build time instead (below).
  await app.register(compress, {
    global: true,
    threshold: 2048,
    syncThreshold: 256 * 1024,
    encodings: ['br', 'gzip'],
  });
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: `${config.redisPrefix}:rl:` } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Trop de tentatives : réessayez dans ${Math.ceil(context.ttl / 1000)} secondes`,
      ),
  });
  registerErrorHandler(app);
  const events = new EventBus(app.log);
  const base = { config, database, db: database.db, redis: options.redis, events, metrics };
  registerSessionResolver(app, base);
  const hub = await registerRealtime(app, base, userStatusStore(base.db));
  // Health, readiness, metrics and the drain (app.ops), before the routes they watch.
  registerOps(app, { ...base, sockets: hub });
  // A node whose event loop lags reports not ready too: a balancer sends the next ones elsewhere.
  app.ops.addReadinessCheck(
    'overload',
    async () => {
      if (app.isUnderPressure()) throw new Error('event loop lagging');
    },
    'Ruche est très sollicité',
  );
  const ctx: AppContext = { ...base, realtime: hub };

  registerAuthRoutes(app, ctx);
  registerAppLinks(app, config);
  registerFeatureRoutes(app, ctx);
  for (const register of options.features ?? []) register(app, ctx);

  const webRoot = options.webRoot ?? path.join(repoRoot, 'dist/web');
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (web/vite.config.ts): sent as they are
      // to a browser that accepts them, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(reply, file) {
        // Hashed assets never change; index.html must be revalidated to pick up a new build.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        reply.header(
          'Cache-Control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    // HEAD as GET, without the body (send ends it): uptime monitors and link checkers use it.
    const reads = request.method === 'GET' || request.method === 'HEAD';
    const wantsPage = reads && !isApiPath(request);
    if (hasWeb && wantsPage) {
      // The web app routes every other path itself, down to its own 404 page.
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ message: `Route introuvable : ${request.method} ${request.url.split('?')[0]}` });
  });

  // Expired sessions are swept at start and then every few seconds, and their sockets closed
  // on every node. The delete reads only expired rows, on the expire index.
  const sweepSessions = () => {
    inBackground(() => deleteExpiredSessions(ctx.db))
      .then((sids) => Promise.all(sids.map((sid) => ctx.realtime.sessionEnded(sid))))
      .catch((err: unknown) => app.log.warn({ err }, 'expired session cleanup failed'));
  };
  const cleanup = setInterval(sweepSessions, SESSION_CLEANUP_MS);
  cleanup.unref();
  app.addHook('onReady', async () => sweepSessions());
  app.addHook('onClose', async () => clearInterval(cleanup));

  return app;
}
