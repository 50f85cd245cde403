import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { endSession } from './session-end';
import { createSession, setSessionCookie } from './sessions';

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
  // The replaced session's sockets close too (docs/security.md, finding 4).
  if (request.sessionId) await endSession(ctx, request.sessionId);
  const userAgent = request.headers['user-agent']?.slice(0, 200);
  const { token, expire } = await createSession(ctx.db, ctx.config, userId, userAgent);
  setSessionCookie(request, reply, ctx.config, token, expire);
}
