import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { isApiPath } from '../lib/api-path';
import { forbidden, storeRefusal, unauthorized } from '../lib/errors';
import { deferredUpgrade, deferUpgrade } from '../lib/overload';
import { readSessionToken, resolveSession, type SessionUser, setSessionCookie } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie or bearer token; null when signed out. */
    user: SessionUser | null;
    /** The hashed id of the request's session, when it has one. */
    sessionId: string | null;
  }
}

/** Resolve the session cookie once per request, before any handler runs. */
export function registerSessionResolver(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'config'>,
): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.addHook('onRequest', async (request, reply) => {
    // The path as the router reads it: `/%61pi/…` is the API too (lib/api-path.ts).
    if (!isApiPath(request) && request.url !== '/ws') return;
    // A socket sent away for now costs no store read (lib/overload.ts).
    if (deferredUpgrade(request) !== undefined) return;
    const carried = readSessionToken(request, ctx.config);
    if (!carried) return;
    const { token } = carried;
    let session: Awaited<ReturnType<typeof resolveSession>>;
    try {
      session = await resolveSession(ctx.db, ctx.config, token);
    } catch (err) {
      // A socket the store cannot take now (busy, or away: lib/errors.ts storeRefusal) is
      // sent away with a retry hint, not a 503.
      const refused = storeRefusal(err);
      if (!refused?.retryAfterSeconds || request.url !== '/ws') throw err;
      deferUpgrade(request, refused.retryAfterSeconds * 1000);
      return;
    }
    if (!session) return;
    request.user = session.user;
    request.sessionId = session.sid;
    // The browser keeps the cookie as long as the row now lives (a bearer token has no
    // expiry of its own: the row's is the only one).
    if (session.renewedUntil && carried.via === 'cookie') {
      setSessionCookie(request, reply, ctx.config, token, session.renewedUntil);
    }
  });
}

/** The guard of docs/product.md §10.1: every protected route calls it first. */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The workspace's administrators only (the first account, or `npm run admin -- make-admin`). */
export function requireAdmin(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (!user.isAdmin) throw forbidden('Réservé aux administrateurs de l’espace de travail');
  return user;
}
