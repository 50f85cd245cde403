import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
import { EventBus } from './events/bus';
import { registerFeatureRoutes } from './features/routes';
import { userStatusStore } from './features/users/status';
import { HttpError, registerErrorHandler } from './lib/errors';
import { serializeRequest } from './lib/log-redaction';
import { Metrics } from './lib/metrics';
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

  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
      serializers: { req: serializeRequest },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  });

  // ioredis reconnects by itself; without a listener each failed attempt is an unhandled error.
  options.redis?.on('error', (err: Error) => app.log.warn({ err }, 'redis connection error'));
  await app.register(cookie, { secret: config.sessionSecret });
  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis, nameSpace: 'ruche:rl:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new HttpError(
        429,
        `Trop de tentatives : réessayez dans ${Math.ceil(context.ttl / 1000)} secondes`,
      ),
  });
  await registerSecurity(app, config);
  registerErrorHandler(app);
  const events = new EventBus(app.log);
  const metrics = new Metrics();
  const base = { config, database, db: database.db, redis: options.redis, events, metrics };
  registerSessionResolver(app, base);
  const hub = await registerRealtime(app, base, userStatusStore(base.db));
  // Health, readiness, metrics and the drain (app.ops), before the routes they watch.
  registerOps(app, { ...base, sockets: hub });
  const ctx: AppContext = { ...base, realtime: hub };

  registerAuthRoutes(app, ctx);
  registerFeatureRoutes(app, ctx);
  for (const register of options.features ?? []) register(app, ctx);

  const webRoot = options.webRoot ?? path.join(repoRoot, 'dist/web');
  const hasWeb = existsSync(path.join(webRoot, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webRoot,
      wildcard: false,
      index: false,
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
    const wantsPage = request.method === 'GET' && !request.url.startsWith('/api/');
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
    deleteExpiredSessions(ctx.db)
      .then((sids) => Promise.all(sids.map((sid) => ctx.realtime.sessionEnded(sid))))
      .catch((err: unknown) => app.log.warn({ err }, 'expired session cleanup failed'));
  };
  const cleanup = setInterval(sweepSessions, SESSION_CLEANUP_MS);
  cleanup.unref();
  app.addHook('onReady', async () => sweepSessions());
  app.addHook('onClose', async () => clearInterval(cleanup));

  return app;
}
