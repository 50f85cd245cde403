import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  FRIEND_NOT_FOUND,
  FRIEND_REQUEST_NOT_FOUND,
  FRIEND_REQUESTS_PER_MINUTE,
  FriendRequestCreateSchema,
} from '#shared/friends';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { depsFor } from '../deps';
import { listFriends, listPendingRequests } from './queries';
import { registerFriendRealtime } from './realtime';
import {
  acceptFriendRequest,
  cancelFriendRequest,
  declineFriendRequest,
  removeFriend,
  sendFriendRequest,
} from './service';

type ById = { Params: { id: string } };

/** Sending is rate limited per user (docs/friends.md): anyone may ask anyone. */
const rateLimit = {
  max: FRIEND_REQUESTS_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `friend-request:${request.user?.id ?? request.ip}`,
};

/** docs/product.md §7 friend calls; the rules it leaves open are in docs/friends.md. */
export function registerFriendRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerFriendRealtime(ctx.realtime, ctx.db);
  const requestId = (params: { id: string }) => idParam(params.id, FRIEND_REQUEST_NOT_FOUND);

  app.get('/api/friends', async (request) => listFriends(ctx.db, requireUser(request).id));

  app.get('/api/friend-requests', async (request) =>
    listPendingRequests(ctx.db, requireUser(request).id, 'received'),
  );

  app.get('/api/friend-requests/sent', async (request) =>
    listPendingRequests(ctx.db, requireUser(request).id, 'sent'),
  );

  app.post('/api/friend-requests', { config: { rateLimit } }, async (request, reply) => {
    const user = requireUser(request);
    const input = parse(FriendRequestCreateSchema, request.body);
    const { request: sent, created } = await sendFriendRequest(
      depsFor(ctx, request),
      user.id,
      input,
    );
    return reply.status(created ? 201 : 200).send(sent);
  });

  app.patch<ById>('/api/friend-requests/:id/accept', async (request) => {
    const user = requireUser(request);
    return acceptFriendRequest(depsFor(ctx, request), user.id, requestId(request.params));
  });

  app.patch<ById>('/api/friend-requests/:id/decline', async (request) => {
    const user = requireUser(request);
    return declineFriendRequest(depsFor(ctx, request), user.id, requestId(request.params));
  });

  app.delete<ById>('/api/friend-requests/:id', async (request, reply) => {
    const user = requireUser(request);
    await cancelFriendRequest(depsFor(ctx, request), user.id, requestId(request.params));
    return reply.status(204).send();
  });

  /** The id is the friend's user id (docs/friends.md). */
  app.delete<ById>('/api/friends/:id', async (request, reply) => {
    const user = requireUser(request);
    const friendId = idParam(request.params.id, FRIEND_NOT_FOUND);
    await removeFriend(depsFor(ctx, request), user.id, friendId);
    return reply.status(204).send();
  });
}
