import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AdminChannelQuerySchema, OwnerTransferSchema } from '#shared/channels';
import { requireAdmin } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import {
  type ChannelAdminDeps,
  deleteChannelAs,
  transferOwnership,
} from '../channels/administration';
import { actingUser } from '../channels/audit';
import { depsFor } from '../deps';
import { listAdminChannelMembers, listAdminChannels } from './service';

type ById = { Params: { id: string } };

/**
 * The administration console's channels (issue 48): list, hand over, delete. Workspace
 * administrators only (403 for anyone else). Archiving is POST /api/channels/{id}/archive,
 * which they may call on any channel.
 */
export function registerAdminChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);
  const adminDeps = (request: FastifyRequest): ChannelAdminDeps => ({
    ...depsFor(ctx, request),
    defaultChannel: ctx.config.defaultChannel,
  });

  app.get('/api/admin/channels', async (request) => {
    requireAdmin(request);
    const query = parse(AdminChannelQuerySchema, request.query);
    return listAdminChannels(ctx.db, ctx.config.defaultChannel, query);
  });

  /** Its members (names and roles, no content): whom the console may hand the channel to. */
  app.get<ById>('/api/admin/channels/:id/members', async (request) => {
    requireAdmin(request);
    return listAdminChannelMembers(ctx.db, channelId(request.params));
  });

  app.post<ById>('/api/admin/channels/:id/transfer', async (request) => {
    const admin = requireAdmin(request);
    const id = channelId(request.params);
    const { userId } = parse(OwnerTransferSchema, request.body);
    return transferOwnership(adminDeps(request), actingUser(request, admin), id, userId);
  });

  app.delete<ById>('/api/admin/channels/:id', async (request, reply) => {
    const admin = requireAdmin(request);
    const id = channelId(request.params);
    await deleteChannelAs(adminDeps(request), actingUser(request, admin), id, 'instance-admin');
    return reply.status(204).send();
  });
}
