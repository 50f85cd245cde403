import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { iceServersFor } from './ice';
import { registerCallRealtime } from './realtime';
import { CallService } from './service';

/** 1:1 video calls in direct channels (docs/calls.md). */
export function registerCallRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { calls: config } = ctx.config;
  const service = new CallService(
    { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log },
    { ringTimeoutMs: config.ringTimeoutMs, reconnectGraceMs: config.reconnectGraceMs },
  );
  registerCallRealtime(ctx.realtime, service);
  service.start();
  app.addHook('onClose', async () => service.stop());

  app.get('/api/calls/ice-servers', async (request, reply) => {
    const user = requireUser(request);
    // Credentials are personal and short-lived: never cached by a proxy.
    reply.header('cache-control', 'no-store');
    return iceServersFor(config, user.id);
  });
}
