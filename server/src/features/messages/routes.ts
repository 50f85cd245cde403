import type { FastifyInstance } from 'fastify';
import {
  MessageCreateSchema,
  MessageListQuerySchema,
  MessageUpdateSchema,
  ReactionToggleSchema,
  ThreadListQuerySchema,
  ThreadReadSchema,
} from '#shared/messages';
import { requireUser } from '../../auth/guard';
import { findSessionUser } from '../../auth/sessions';
import type { AppContext } from '../../context';
import { HttpError, parse, storeRefusal, unauthorized } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { SharedTokenBuckets } from '../../lib/shared-token-bucket';
import { CHANNEL_NOT_FOUND, requireMember } from '../channels/access';
import { provideUnreadCount } from '../channels/unread-count';
import { depsFor } from '../deps';
import { listHistory } from './history';
import {
  findMessageForMember,
  listMessagesAfter,
  listPageAround,
  listPageBefore,
  listPageFrom,
  listThread,
  MESSAGE_NOT_FOUND,
} from './queries';
import { registerSendFrame, type SocketSend } from './realtime';
import { sendMessage } from './send';
import { deleteMessage, editMessage, toggleReaction } from './service';
import {
  countUnreadThreads,
  listFollowedThreads,
  markThreadRead,
  subscribeThreadFollows,
} from './threads';
import { unreadCountSql } from './unread';

type ById = { Params: { id: string } };

const tooManySends = () =>
  new HttpError(429, 'Vous envoyez trop de messages : patientez quelques secondes');

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  // docs/product.md, "@channel, @here, @everyone": the instance's rules for them.
  const mentionRules = {
    channelWide: ctx.config.mentions.channelWide,
    defaultChannel: ctx.config.defaultChannel,
  };
  provideUnreadCount(unreadCountSql);
  const channelId = (params: { id: string }) => idParam(params.id, CHANNEL_NOT_FOUND);
  const messageId = (params: { id: string }) => idParam(params.id, MESSAGE_NOT_FOUND);

  /** Pages and modes: see MessagePage in shared/messages.ts. */
  app.get<ById>('/api/channels/:id/messages', async (request) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const query = parse(MessageListQuerySchema, request.query);
    if (query.around || query.from !== undefined) {
      await requireMember(ctx.db, id, user.id);
      if (query.around) return listPageAround(ctx.db, id, query.around);
      return listPageFrom(ctx.db, id, query.from ?? 0);
    }
    // The hot reads (a channel opened, a catch-up): membership checked in the page's statement.
    const page =
      query.after !== undefined
        ? await listMessagesAfter(ctx.db, id, query.after, user.id)
        : await listPageBefore(ctx.db, id, query.before, user.id);
    if (page.messages.length === 0) await requireMember(ctx.db, id, user.id);
    return page;
  });

  // docs/security.md, finding 6: one account's sends, by socket or HTTP, share a bucket.
  // Shared by every node through Redis when configured: spreading sends over nodes buys nothing.
  const rate = ctx.config.sendRatePerSecond;
  const sendLimit = new SharedTokenBuckets(
    rate * 6,
    rate,
    ctx.redis,
    `${ctx.config.redisPrefix}:send:`,
    app.log,
  );
  const sweep = setInterval(() => sendLimit.sweep(), 60_000);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
  const spend = (userId: string): Promise<number> => sendLimit.take(userId);

  app.post<ById>('/api/channels/:id/messages', async (request, reply) => {
    const user = requireUser(request);
    const id = channelId(request.params);
    const input = parse(MessageCreateSchema, request.body);
    const wait = await spend(user.id);
    if (wait > 0) {
      reply.header('Retry-After', String(Math.ceil(wait / 1000)));
      throw tooManySends();
    }
    const result = await sendMessage(
      depsFor(ctx, request),
      { id: user.id },
      id,
      input,
      mentionRules,
    );
    return reply.status(result.created ? 201 : 200).send(result.message);
  });

  // The same send over the socket (the web client's way): same checks, same answers. The
  // socket's session is checked by the send statement itself; a refusal checks it first, so
  // that an ended session learns nothing but that it ended.
  const socketDeps = { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log };
  const socketSend: SocketSend = async ({
    sessionId,
    userId,
    channelId: rawId,
    clientId,
    message,
  }) => {
    try {
      const id = channelId({ id: rawId });
      const input = parse(MessageCreateSchema, { ...message, clientId });
      if ((await spend(userId)) > 0) throw tooManySends();
      return await sendMessage(socketDeps, { id: userId, sessionId }, id, input, mentionRules);
    } catch (err) {
      const ended = err instanceof HttpError && err.statusCode === 401;
      // A store that refused for now cannot tell whether the session lives: asking it again
      // would only wait out the outage (features/messages/realtime.ts answers 503).
      if (ended || storeRefusal(err)) throw err;
      if (!(await findSessionUser(ctx.db, sessionId))) throw unauthorized();
      throw err;
    }
  };
  registerSendFrame(ctx.realtime, socketSend, app.log, ctx.metrics.sendAck);

  app.get<ById>('/api/messages/:id/thread', async (request) => {
    const user = requireUser(request);
    const row = await findMessageForMember(ctx.db, messageId(request.params), user.id);
    // A reply's permalink opens the whole thread it belongs to.
    return listThread(ctx.db, row.parentMessageId ?? row.id);
  });

  // The "Fils de discussion" view (threads.ts): followed threads, their unread replies.
  subscribeThreadFollows(socketDeps);

  app.get('/api/threads', async (request) => {
    const user = requireUser(request);
    const { cursor } = parse(ThreadListQuerySchema, request.query);
    return listFollowedThreads(ctx.db, user.id, cursor);
  });

  app.get('/api/threads/unread', async (request) => {
    const user = requireUser(request);
    return { count: await countUnreadThreads(ctx.db, user.id) };
  });

  app.post<ById>('/api/threads/:id/read', async (request, reply) => {
    const user = requireUser(request);
    const id = messageId(request.params);
    const { seq } = parse(ThreadReadSchema, request.body);
    await markThreadRead(depsFor(ctx, request), user.id, id, seq);
    return reply.status(204).send();
  });

  app.patch<ById>('/api/messages/:id', async (request) => {
    const user = requireUser(request);
    const id = messageId(request.params);
    const input = parse(MessageUpdateSchema, request.body);
    return editMessage(depsFor(ctx, request), user.id, id, input);
  });

  // Edit history (history.ts): members of the channel; 404 otherwise, and once deleted.
  app.get<ById>('/api/messages/:id/history', async (request) => {
    const user = requireUser(request);
    return listHistory(ctx.db, messageId(request.params), user.id);
  });

  app.delete<ById>('/api/messages/:id', async (request, reply) => {
    const user = requireUser(request);
    await deleteMessage(depsFor(ctx, request), user.id, messageId(request.params));
    return reply.status(204).send();
  });

  app.post<ById>('/api/messages/:id/reactions', async (request) => {
    const user = requireUser(request);
    const id = messageId(request.params);
    const { emoji } = parse(ReactionToggleSchema, request.body);
    return toggleReaction(depsFor(ctx, request), user.id, id, emoji);
  });
}
