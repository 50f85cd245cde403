import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChannelBrowseQuerySchema,
  ChannelCreateSchema,
  ChannelUpdateSchema,
  DirectChannelSchema,
  MemberRoleUpdateSchema,
  OwnerTransferSchema,
} from '#shared/channels';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { CHANNEL_NOT_FOUND, requireMember } from './access';
import { addMemberByName } from './add-by-name';
import {
  type ChannelAdminDeps,
  deleteChannelAs,
  setChannelArchived,
  setMemberRole,
  transferOwnership,
  updateChannelSettings,
} from './administration';
import { actingUser } from './audit';
import { subscribeDefaultChannel } from './default-channel';
import { openDirectChannel } from './direct';
import { leaveChannel, removeMember } from './members';
import { listChannelsForUser, listMembers } from './queries';
import { ReadMarks } from './read-marks';
import { membershipOf, registerChannelRealtime } from './realtime';
import {
  browsePublicChannels,
  createChannel,
  getChannel,
  joinPublicChannel,
  markChannelRead,
} from './service';

type ById = { Params: { id: string } };

export function registerChannelRoutes(app: FastifyInstance, ctx: AppContext): void {
  const deps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log };
  subscribeDefaultChannel(deps, ctx.config.defaultChannel);
  const reads = new ReadMarks(ctx.db);
  app.addHook('onClose', async () => reads.settled());
  registerChannelRealtime(ctx.realtime, membershipOf(ctx.db), (userId, channelId) =>
    markChannelRead(deps, reads, userId, channelId),
  );
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);
  const adminDeps = (request: FastifyRequest): ChannelAdminDeps => ({
    ...depsFor(ctx, request),
    defaultChannel: ctx.config.defaultChannel,
  });

  app.get('/api/channels', async (request) => {
    const user = requireUser(request);
    return listChannelsForUser(ctx.db, user.id, undefined, ctx.config.defaultChannel);
  });

  app.post('/api/channels', async (request, reply) => {
    const user = requireUser(request);
    const input = parse(ChannelCreateSchema, request.body);
    const channel = await createChannel(depsFor(ctx, request), user.id, input);
    return reply.status(201).send(channel);
  });

  // Static segments win over /:id in Fastify's router, whatever the registration order.
  app.get('/api/channels/browse', async (request) => {
    const user = requireUser(request);
    const { q } = parse(ChannelBrowseQuerySchema, request.query);
    return browsePublicChannels(ctx, user.id, q);
  });

  app.post('/api/channels/direct', async (request, reply) => {
    const user = requireUser(request);
    const { recipientId } = parse(DirectChannelSchema, request.body);
    const result = await openDirectChannel(depsFor(ctx, request), user.id, recipientId);
    return reply.status(result.created ? 201 : 200).send(result.channel);
  });

  app.get<ById>('/api/channels/:id', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const channel = await getChannel(ctx, user.id, id, ctx.config.defaultChannel);
    return { ...channel, members: await listMembers(ctx.db, id) };
  });

  app.delete<ById>('/api/channels/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteChannelAs(
      adminDeps(request),
      actingUser(request, user),
      channelId(request.params),
      'owner',
    );
    return reply.status(204).send();
  });

  // Issue 48, channel roles: the owner and the channel's administrators change its settings
  // and archive it; the owner names administrators and hands the channel over.
  app.patch<ById>('/api/channels/:id', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const input = parse(ChannelUpdateSchema, request.body);
    return updateChannelSettings(adminDeps(request), actingUser(request, user), id, input);
  });

  for (const [path, archived] of [
    ['/api/channels/:id/archive', true],
    ['/api/channels/:id/unarchive', false],
  ] as const) {
    app.post<ById>(path, async (request) => {
      const user = requireUser(request);
      const id = channelId(request.params);
      return setChannelArchived(adminDeps(request), actingUser(request, user), id, archived);
    });
  }

  app.put<{ Params: { id: string; memberId: string } }>(
    '/api/channels/:id/members/:memberId/role',
    async (request) => {
      const user = requireUser(request);
      const id = channelId(request.params);
      const { role } = parse(MemberRoleUpdateSchema, request.body);
      const actor = actingUser(request, user);
      return setMemberRole(adminDeps(request), actor, id, request.params.memberId, role);
    },
  );

  app.post<ById>('/api/channels/:id/owner', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const { userId } = parse(OwnerTransferSchema, request.body);
    return transferOwnership(adminDeps(request), actingUser(request, user), id, userId);
  });

  app.get<ById>('/api/channels/:id/members', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listMembers(ctx.db, id);
  });

  /** :memberId is the channel_members id or the member's user id (see removeMember). */
  app.delete<{ Params: { id: string; memberId: string } }>(
    '/api/channels/:id/members/:memberId',
    async (request, reply) => {
      const user = requireUser(request);
      const id = channelId(request.params);
      await removeMember(depsFor(ctx, request), user.id, id, request.params.memberId);
      return reply.status(204).send();
    },
  );

  app.post<ById>('/api/channels/:id/leave', async (request, reply) => {
    const user = requireUser(request);
    await leaveChannel(depsFor(ctx, request), user.id, channelId(request.params));
    return reply.status(204).send();
  });

  app.post<ById>('/api/channels/:id/members', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const deps = depsFor(ctx, request);
    const { member, added } = await addMemberByName(deps, user.id, id, request.body);
    return reply.status(added ? 201 : 200).send(member);
  });

  app.post<ById>('/api/channels/:id/join', async (request) => {
    const user = requireUser(request);
    return joinPublicChannel(depsFor(ctx, request), user.id, channelId(request.params));
  });

  app.post<ById>('/api/channels/:id/read', async (request) => {
    const user = requireUser(request);
    // A request waits for its answer: written at once; the sockets' marks wait for company.
    return markChannelRead(depsFor(ctx, request), reads, user.id, channelId(request.params), {
      now: true,
    });
  });
}
