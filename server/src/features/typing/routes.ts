import type { FastifyInstance } from 'fastify';
import { TypingSchema, type TypingUser } from '#shared/messages';
import { requireUser } from '../../auth/guard';
import type { SessionUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { TypingBoard } from './board';
import { registerTypingRealtime } from './realtime';
import { listTyping, updateTyping } from './service';
import { subscribeTyping } from './subscriptions';
import { TypingThrottle } from './throttle';

type ById = { Params: { id: string } };

export function registerTypingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = new TypingThrottle();
  const board = new TypingBoard();
  registerTypingRealtime(ctx.realtime, board, throttle);
  subscribeTyping(ctx);
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);

  app.get<ById>('/api/channels/:id/typing', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listTyping(board, id, user.id);
  });

  /** For clients without a socket; the socket's `typing` frame does the same. */
  app.post<ById>('/api/channels/:id/typing', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const { isTyping } = parse(TypingSchema, request.body);
    // A repeat inside the window changes nothing, like the socket's (membership still checked).
    if (!throttle.allow(user.id, id, isTyping)) await requireMember(ctx.db, id, user.id);
    else await updateTyping(depsFor(ctx, request), id, typingUserOf(user), isTyping);
    return reply.status(204).send();
  });
}

/** The signed-in user as typing_update shows them (the session resolved the row: no read). */
const typingUserOf = (user: SessionUser): TypingUser => ({
  userId: user.id,
  firstName: user.firstName,
  lastName: user.lastName,
  displayName: user.displayName,
  email: user.email,
});
