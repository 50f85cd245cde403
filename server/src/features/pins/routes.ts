import type { FastifyInstance } from 'fastify';
import { SavedListQuerySchema } from '#shared/pins';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { depsFor } from '../deps';
import { MESSAGE_NOT_FOUND } from '../messages/queries';
import {
  listPins,
  listSaved,
  listSavedIdsInChannel,
  pinMessage,
  saveMessage,
  unpinMessage,
  unsaveMessage,
} from './service';

type ById = { Params: { id: string } };

/**
 * Pinned and saved messages (docs/product.md, "Messages épinglés et enregistrés"): pins are
 * the channel's, seen by its members; saved messages are each person's own.
 */
export function registerPinRoutes(app: FastifyInstance, ctx: AppContext): void {
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);
  const messageId = (params: { id: string }) => idParam(params.id, MESSAGE_NOT_FOUND);

  app.post<ById>('/api/messages/:id/pin', async (request, reply) => {
    const user = requireUser(request);
    const result = await pinMessage(depsFor(ctx, request), user, messageId(request.params));
    return reply.status(result.created ? 201 : 200).send(result.pin);
  });

  app.delete<ById>('/api/messages/:id/pin', async (request, reply) => {
    const user = requireUser(request);
    await unpinMessage(depsFor(ctx, request), user, messageId(request.params));
    return reply.status(204).send();
  });

  app.get<ById>('/api/channels/:id/pins', async (request) => {
    const user = requireUser(request);
    return listPins(ctx.db, channelId(request.params), user.id);
  });

  app.post<ById>('/api/messages/:id/save', async (request, reply) => {
    const user = requireUser(request);
    const result = await saveMessage(depsFor(ctx, request), user.id, messageId(request.params));
    return reply.status(result.created ? 201 : 200).send(result.saved);
  });

  app.delete<ById>('/api/messages/:id/save', async (request, reply) => {
    const user = requireUser(request);
    await unsaveMessage(depsFor(ctx, request), user.id, messageId(request.params));
    return reply.status(204).send();
  });

  app.get('/api/saved', async (request) => {
    const user = requireUser(request);
    const { cursor } = parse(SavedListQuerySchema, request.query);
    return listSaved(ctx.db, user.id, cursor);
  });

  app.get<ById>('/api/channels/:id/saved', async (request) => {
    const user = requireUser(request);
    return listSavedIdsInChannel(ctx.db, channelId(request.params), user.id);
  });
}
