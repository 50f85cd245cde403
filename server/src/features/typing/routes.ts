import type { FastifyInstance } from 'fastify';
import { TypingSchema } from '#shared/messages';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { CHANNEL_NOT_FOUND, idParam, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { registerTypingRealtime, type TypingStore } from './realtime';
import { listTyping, setTyping, updateTyping } from './service';
import { subscribeTyping } from './subscriptions';
import { TypingThrottle } from './throttle';

type ById = { Params: { id: string } };

export function registerTypingRoutes(app: FastifyInstance, ctx: AppContext): void {
  const throttle = new TypingThrottle();
  const store: TypingStore = ({ channelId, userId, isTyping }) =>
    setTyping(ctx.db, channelId, userId, isTyping);
  registerTypingRealtime(ctx.realtime, store, throttle, app.log);
  subscribeTyping(ctx);
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);

  app.get<ById>('/api/channels/:id/typing', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listTyping(ctx.db, id, user.id);
  });

  /** For clients without a socket; the socket's `typing` frame does the same. */
  app.post<ById>('/api/channels/:id/typing', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const { isTyping } = parse(TypingSchema, request.body);
    // A repeat inside the window changes nothing, like the socket's (membership still checked).
    if (!throttle.allow(user.id, id, isTyping)) await requireMember(ctx.db, id, user.id);
    else await updateTyping(depsFor(ctx, request), id, user.id, isTyping);
    return reply.status(204).send();
  });
}
