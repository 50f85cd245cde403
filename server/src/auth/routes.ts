import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthProviders } from '#shared/auth';
import { safeNextPath } from '#shared/next-path';
import { userUpdateSchemaFor } from '#shared/users';
import type { AppContext } from '../context';
import { parse } from '../lib/errors';
import { registerAccountRoutes } from './account';
import { registerAdminRoutes } from './admin-routes';
import { registerAppSignIn } from './app-sign-in';
import { requireUser } from './guard';
import { registerLocalAuth } from './local';
import { registerOidc } from './oidc';
import { endSession } from './session-end';
import { clearSessionCookie } from './sessions';
import { effectiveSignup } from './signup-policy';
import { presentSelf } from './user-presenter';
import { findUserById, isWorkspaceEmpty, updateUser } from './users';

/** GET /api/auth/user's user id, as a header (web/boot/last-screen.ts reads it by this name). */
const USER_ID_HEADER = 'Ruche-User-Id';

function isOwnNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return (
    request.headers['sec-fetch-dest'] === 'document' && (site === 'same-origin' || site === 'none')
  );
}

export function registerAuthRoutes(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.oidc) {
    registerOidc(app, ctx);
    registerAppSignIn(app, ctx);
  } else {
    // The page to come back to after signing in travels along (docs/product.md §2).
    app.get<{ Querystring: { next?: string; signup?: string } }>(
      '/api/login',
      async (request, reply) => {
        const params = new URLSearchParams();
        const next = safeNextPath(request.query.next);
        if (next) params.set('next', next);
        // « Commencer » on the landing page: the sign-up form rather than sign-in.
        if (request.query.signup === '1') params.set('signup', '1');
        return reply.redirect(params.toString() ? `/login?${params}` : '/login');
      },
    );
  }
  if (ctx.config.localAuth) registerLocalAuth(app, ctx);
  registerAccountRoutes(app, ctx);
  registerAdminRoutes(app, ctx);

  app.get('/api/auth/providers', async (request): Promise<AuthProviders> => {
    const providers = {
      local: ctx.config.localAuth,
      oidc: Boolean(ctx.config.oidc),
      // The first account of an empty workspace may always sign up (it becomes the admin).
      signup: (await isWorkspaceEmpty(ctx.db))
        ? ('open' as const)
        : (await effectiveSignup(ctx.db, ctx.config)).policy,
      mail: Boolean(ctx.config.smtp) && ctx.config.localAuth,
    };
    if (!request.user) return providers;
    const row = await findUserById(ctx.db, request.user.id);
    return {
      ...providers,
      hasPassword: Boolean(row?.passwordHash),
      isAdmin: Boolean(row?.isAdmin),
      ...(ctx.config.oidc ? { oidcLinked: Boolean(row?.oidcSubject) } : {}),
    };
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    // Signing out takes effect on open sockets too, on every node.
    if (request.sessionId) await endSession(ctx, request.sessionId);
    clearSessionCookie(reply, ctx.config);
  };

  app.post('/api/logout', async (request, reply) => {
    await signOut(request, reply);
    return reply.status(204).send();
  });

  // A GET signs out only as a top-level navigation from Ruche itself or typed by the person:
  // `![](/api/logout)` in a message, or a link on another site, must not (docs/security.md,
  // finding 3). Anything else lands on / with nothing changed.
  app.get('/api/logout', async (request, reply) => {
    if (isOwnNavigation(request)) await signOut(request, reply);
    return reply.redirect('/');
  });

  // The id in a header too: the page's first script tells whose session it is as the answer
  // begins, without waiting to read its body (web/boot/last-screen.ts, docs/product.md §2.34).
  app.get('/api/auth/user', async (request, reply) => {
    const user = requireUser(request);
    reply.header(USER_ID_HEADER, user.id);
    return presentSelf(user);
  });

  app.patch('/api/auth/user', async (request) => {
    const user = requireUser(request);
    const input = parse(userUpdateSchemaFor(request.body), request.body);
    const updated = await updateUser(ctx.db, user.id, input);
    if ('status' in input) await ctx.realtime.setStatus(user.id, input.status);
    return presentSelf(updated);
  });
}
