import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  SESSION_TOKEN_HEADER,
  SESSION_TRANSPORT_BEARER,
  SESSION_TRANSPORT_HEADER,
} from '#shared/session-token';
import type { AppContext } from '../context';
import { forbidden } from '../lib/errors';
import { endSession } from './session-end';
import { createSession, setSessionCookie } from './sessions';
import { ACCOUNT_DEACTIVATED, isDeactivated } from './users';

/**
 * The app asks for its session as a token (docs/mobile.md, "Signing in"): only from an origin
 * ALLOWED_ORIGINS lists, the shell's, so that a page of our own origin never sees one.
 */
export function wantsBearerToken(request: FastifyRequest, ctx: AppContext): boolean {
  const origin = request.headers.origin;
  return (
    request.headers[SESSION_TRANSPORT_HEADER.toLowerCase()] === SESSION_TRANSPORT_BEARER &&
    origin !== undefined &&
    ctx.config.allowedOrigins.includes(origin)
  );
}

/**
 * Start a fresh session for a user: any session the browser already had is destroyed,
 * so a token planted before sign-in is worthless after it (session fixation).
 */
export async function signIn(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AppContext,
  userId: string,
): Promise<void> {
  // A deactivated account signs in by no method (every method ends here).
  if (await isDeactivated(ctx.db, userId)) throw forbidden(ACCOUNT_DEACTIVATED);
  // The replaced session's sockets close too (docs/security.md, finding 4).
  if (request.sessionId) await endSession(ctx, request.sessionId);
  const userAgent = request.headers['user-agent']?.slice(0, 200);
  const { token, expire } = await createSession(ctx.db, ctx.config, userId, userAgent);
  if (wantsBearerToken(request, ctx)) reply.header(SESSION_TOKEN_HEADER, token);
  else setSessionCookie(request, reply, ctx.config, token, expire);
  ctx.events.publish('signedIn', { userId, userAgent: userAgent ?? null, address: request.ip });
}
