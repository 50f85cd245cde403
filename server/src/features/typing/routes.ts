import type { FastifyInstance } from 'fastify';
import { TypingSchema } from '#shared/messages';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { CHANNEL_NOT_FOUND, idParam, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { listTyping, updateTyping } from './service';

type ById = { Params: { id: string } };

export function registerTypingRoutes(app: FastifyInstance, ctx: AppContext): void {
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
    await updateTyping(depsFor(ctx, request), id, user.id, isTyping);
    return reply.status(204).send();
  });
}
