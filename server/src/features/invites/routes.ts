import type { FastifyInstance, FastifyRequest } from 'fastify';
import { INVITE_LOOKUP_PER_MINUTE, InviteCodeSchema, InviteCreateSchema } from '#shared/invites';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { depsFor } from '../deps';
import { presentInvite } from './presenter';
import {
  ensureInvite,
  joinByInvite,
  listActiveInvites,
  previewInvite,
  revokeInvite,
} from './service';

type ById = { Params: { id: string } };
type ByCode = { Params: { code: string } };

/**
 * docs/product.md §10.5: code look-ups are rate limited, per user (per address when signed out, which
 * then gets its 401), so that guessing codes stays hopeless.
 */
const rateLimit = {
  max: INVITE_LOOKUP_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `invite:${request.user?.id ?? request.ip}`,
};

export function registerInviteRoutes(app: FastifyInstance, ctx: AppContext): void {
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);

  app.get<ById>('/api/channels/:id/invites', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    await requireMember(ctx.db, id, user.id);
    return listActiveInvites(ctx.db, id);
  });

  /** Any member may invite (docs/product.md §6); the active invite is reused, 201 when a new one is made. */
  app.post<ById>('/api/channels/:id/invites', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const input = parse(InviteCreateSchema, request.body);
    await requireMember(ctx.db, id, user.id);
    const { invite, created } = await ensureInvite(ctx.db, user.id, id, input);
    return reply.status(created ? 201 : 200).send(presentInvite(invite));
  });

  app.delete<{ Params: { id: string; inviteId: string } }>(
    '/api/channels/:id/invites/:inviteId',
    async (request, reply) => {
      const user = requireUser(request);
      const id = channelId(request.params);
      await requireMember(ctx.db, id, user.id);
      const inviteId = idParam(request.params.inviteId, 'Invitation introuvable');
      await revokeInvite(ctx.db, user.id, id, inviteId);
      return reply.status(204).send();
    },
  );

  app.get<ByCode>('/api/channel-invites/:code', { config: { rateLimit } }, async (request) => {
    const user = requireUser(request);
    const code = parse(InviteCodeSchema, request.params.code);
    return previewInvite(ctx.db, user.id, code);
  });

  app.post<ByCode>(
    '/api/channel-invites/:code/join',
    { config: { rateLimit } },
    async (request) => {
      const user = requireUser(request);
      const code = parse(InviteCodeSchema, request.params.code);
      return joinByInvite(depsFor(ctx, request), user.id, code);
    },
  );
}
