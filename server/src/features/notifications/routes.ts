import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  ChannelNotificationSettingsSchema,
  NOTIFICATION_NOT_FOUND,
  NotificationListQuerySchema,
  NotificationPreferencesSchema,
  PUSH_SUBSCRIBE_PER_MINUTE,
  PushSubscriptionSchema,
  PushUnsubscribeSchema,
} from '#shared/notifications';
import { requireUser } from '../../auth/guard';
import type { AppContext } from '../../context';
import { parse } from '../../lib/errors';
import { idParam } from '../../lib/ids';
import { CHANNEL_NOT_FOUND } from '../channels/access';
import { depsFor } from '../deps';
import { trackVisibleTabs } from './activity';
import {
  deleteSubscription,
  loadVapidKeys,
  pushRoute,
  pushSink,
  subscribeDevice,
  type VapidKeys,
} from './push';
import {
  countUnread,
  getChannelSettings,
  getPreferences,
  listNotifications,
  markAllRead,
  markRead,
  setChannelSettings,
  updatePreferences,
} from './service';
import { subscribeNotifications } from './subscriptions';

type ById = { Params: { id: string } };

/** Each subscription makes the server resolve a host: per account (docs/notifications.md). */
const subscribeLimit = {
  max: PUSH_SUBSCRIBE_PER_MINUTE,
  timeWindow: '1 minute',
  keyGenerator: (request: FastifyRequest) => `push-subscribe:${request.user?.id ?? request.ip}`,
};

/** docs/notifications.md: the list, read marks, preferences and per-channel settings. */
export function registerNotificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  // Made or read on first use, once per node.
  let vapid: Promise<VapidKeys> | undefined;
  const vapidKeys = () => {
    vapid ??= loadVapidKeys(ctx.config);
    return vapid;
  };
  const visible = trackVisibleTabs(ctx.realtime);
  const route = pushRoute(ctx.config.push);
  app.addHook('onClose', async () => {
    visible.stop();
    route.close();
  });
  subscribeNotifications(
    { db: ctx.db, realtime: ctx.realtime, events: ctx.events, log: app.log },
    [
      pushSink({ db: ctx.db, log: app.log }, vapidKeys, route, (userId) =>
        visible.tabs.has(userId),
      ),
    ],
    (channelId) => visible.tabs.readersOf(channelId),
  );

  app.get('/api/notifications', async (request) => {
    const user = requireUser(request);
    const query = parse(NotificationListQuerySchema, request.query);
    return listNotifications(ctx.db, user.id, {
      before: query.before,
      unread: query.unread === 'true',
    });
  });

  app.get('/api/notifications/unread-count', async (request) => {
    const user = requireUser(request);
    return { count: await countUnread(ctx.db, user.id) };
  });

  // Static segments win over /:id in Fastify's router.
  app.patch('/api/notifications/read-all', async (request, reply) => {
    const user = requireUser(request);
    await markAllRead(depsFor(ctx, request), user.id);
    return reply.status(204).send();
  });

  app.patch<ById>('/api/notifications/:id/read', async (request, reply) => {
    const user = requireUser(request);
    const id = idParam(request.params.id, NOTIFICATION_NOT_FOUND);
    await markRead(depsFor(ctx, request), user.id, id);
    return reply.status(204).send();
  });

  app.get('/api/notifications/preferences', async (request) => {
    const user = requireUser(request);
    return getPreferences(ctx.db, user.id);
  });

  const savePreferences = async (request: Parameters<typeof requireUser>[0]) => {
    const user = requireUser(request);
    const input = parse(NotificationPreferencesSchema, request.body);
    return updatePreferences(ctx.db, user.id, input);
  };
  app.patch('/api/notifications/preferences', savePreferences);
  app.put('/api/notifications/preferences', savePreferences);

  app.get<ById>('/api/channels/:id/notification-settings', async (request) => {
    const user = requireUser(request);
    return getChannelSettings(ctx.db, user.id, idParam(request.params.id, CHANNEL_NOT_FOUND));
  });

  app.put<ById>('/api/channels/:id/notification-settings', async (request) => {
    const user = requireUser(request);
    const channelId = idParam(request.params.id, CHANNEL_NOT_FOUND);
    const input = parse(ChannelNotificationSettingsSchema, request.body);
    return setChannelSettings(ctx.db, user.id, channelId, input);
  });

  app.get('/api/notifications/push/public-key', async (request) => {
    requireUser(request);
    return { publicKey: (await vapidKeys()).publicKey };
  });

  app.post(
    '/api/notifications/push-subscriptions',
    { config: { rateLimit: subscribeLimit } },
    async (request, reply) => {
      const user = requireUser(request);
      const input = parse(PushSubscriptionSchema, request.body);
      const owner = { userId: user.id, sessionSid: request.sessionId };
      await subscribeDevice(ctx.db, ctx.config.push, owner, input);
      return reply.status(204).send();
    },
  );

  app.delete('/api/notifications/push-subscriptions', async (request, reply) => {
    const user = requireUser(request);
    const { endpoint } = parse(PushUnsubscribeSchema, request.body);
    await deleteSubscription(ctx.db, user.id, endpoint);
    return reply.status(204).send();
  });
}
