import type { FastifyInstance } from 'fastify';
import type { AuthProviders } from '#shared/auth';
import { userUpdateSchemaFor } from '#shared/users';
import type { AppContext } from '../context';
import { presentSelf } from '../features/users/presenter';
import { updateUser } from '../features/users/service';
import { parse } from '../lib/errors';
import { requireUser } from './guard';
import { registerLocalAuth } from './local';
import { registerOidc } from './oidc';
import { clearSessionCookie, destroySession } from './sessions';

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.oidc) registerOidc(app, ctx);
  else app.get('/api/login', async (_request, reply) => reply.redirect('/login'));
  if (ctx.config.localAuth) registerLocalAuth(app, ctx);

  app.get(
    '/api/auth/providers',
    async (): Promise<AuthProviders> => ({
      local: ctx.config.localAuth,
      oidc: Boolean(ctx.config.oidc),
    }),
  );

  app.get('/api/logout', async (request, reply) => {
    if (request.sessionId) {
      await destroySession(ctx.db, request.sessionId);
      // DESIGN §4: signing out takes effect on open sockets too, on every node.
      await ctx.realtime.sessionEnded(request.sessionId);
    }
    clearSessionCookie(reply);
    return reply.redirect('/');
  });

  app.get('/api/auth/user', async (request) => presentSelf(requireUser(request)));

  app.patch('/api/auth/user', async (request) => {
    const user = requireUser(request);
    const input = parse(userUpdateSchemaFor(request.body), request.body);
    const updated = await updateUser(ctx.db, user.id, input);
    if ('status' in input) await ctx.realtime.setStatus(user.id, input.status);
    return presentSelf(updated);
  });
}
