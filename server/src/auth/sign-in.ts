import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { createSession, destroySession, setSessionCookie } from './sessions';

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
  if (request.sessionId) await destroySession(ctx.db, request.sessionId);
  const userAgent = request.headers['user-agent']?.slice(0, 200);
  const { token, expire } = await createSession(ctx.db, ctx.config, userId, userAgent);
  setSessionCookie(request, reply, ctx.config, token, expire);
}
