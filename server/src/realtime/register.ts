import websocket from '@fastify/websocket';
import { eq, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserStatus } from '#shared/limits';
import { resolveSession, SESSION_COOKIE } from '../auth/sessions';
import type { AppContext } from '../context';
import { users } from '../db/schema';
import { getMemberRole, listChannelIdsForUser } from '../features/channels/membership';
import { setTyping } from '../features/typing/service';
import { isTrustedOrigin } from '../lib/security';
import type { Broker, PresenceStore } from './broker';
import { MemoryBroker, MemoryPresenceStore } from './broker-memory';
import { RedisBroker, RedisPresenceStore } from './broker-redis';
import { Hub } from './hub';
import type { Realtime } from './realtime';

type BaseContext = Omit<AppContext, 'realtime'>;

/** 64 KiB: the largest client frame (a typing or presence frame is under 200 bytes). */
const MAX_CLIENT_FRAME = 64 * 1024;

function buildBroker(app: FastifyInstance, ctx: BaseContext) {
  if (ctx.redis) {
    const broker = new RedisBroker(ctx.redis, ctx.config.redisPrefix, app.log);
    const store = new RedisPresenceStore(ctx.redis, ctx.config.redisPrefix, broker.nodeId);
    return { broker: broker as Broker, store: store as PresenceStore };
  }
  const broker = new MemoryBroker();
  return { broker, store: new MemoryPresenceStore(broker.nodeId) };
}

export function buildHub(app: FastifyInstance, ctx: BaseContext): Hub {
  const { db } = ctx;
  const { broker, store } = buildBroker(app, ctx);
  return new Hub({
    broker,
    presenceStore: store,
    log: app.log,
    awayAfterMs: ctx.config.presenceAwayMs,
    loadChannelIds: (userId) => listChannelIdsForUser(db, userId),
    isMember: async (channelId, userId) => (await getMemberRole(db, channelId, userId)) !== null,
    // Presence owns users.status while the user is connected (SPEC §4).
    saveStatus: async (userId, status) => {
      await db.update(users).set({ status }).where(eq(users.id, userId));
    },
    loadStatuses: async (userIds) => {
      const rows = await db
        .select({ id: users.id, status: users.status })
        .from(users)
        .where(inArray(users.id, [...userIds]));
      return new Map(rows.map((r) => [r.id, r.status as UserStatus]));
    },
    loadChosenStatus: async (userId) => {
      const [row] = await db
        .select({ chosen: users.chosenStatus })
        .from(users)
        .where(eq(users.id, userId));
      return (row?.chosen as UserStatus | undefined) ?? 'online';
    },
    resetStatuses: async () => {
      await db.update(users).set({ status: 'offline' }).where(ne(users.status, 'offline'));
    },
  });
}

/**
 * DESIGN §4: the upgrade needs a session cookie (401) and, from a browser, our own Origin
 * (403: no cross-site WebSocket hijacking). Clients without Origin are not browsers.
 */
async function checkUpgrade(
  ctx: BaseContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const origin = request.headers.origin;
  if (origin && !isTrustedOrigin(origin, request, ctx.config)) {
    return reply.code(403).send({ message: 'Origine non autorisée' });
  }
  if (!request.user) {
    // The session resolver only looks at exactly /ws; a query string must not lock anyone out.
    const token = request.cookies[SESSION_COOKIE];
    const session = token ? await resolveSession(ctx.db, ctx.config, token) : null;
    if (session) {
      request.user = session.user;
      request.sessionId = session.sid;
    }
  }
  if (!request.user || !request.sessionId) {
    return reply.code(401).send({ message: 'Authentification requise' });
  }
}

/** Mount /ws and return the fan-out the features use (ctx.realtime). */
export async function registerRealtime(app: FastifyInstance, ctx: BaseContext): Promise<Realtime> {
  const hub = buildHub(app, ctx);
  // A typing frame is stored like POST /api/channels/{id}/typing, for the SPEC §4 poll.
  hub.onTyping(({ channelId, userId, isTyping }) => setTyping(ctx.db, channelId, userId, isTyping));
  await hub.start();
  app.addHook('onClose', () => hub.close());
  await app.register(websocket, { options: { maxPayload: MAX_CLIENT_FRAME } });

  app.get(
    '/ws',
    { websocket: true, preValidation: (request, reply) => checkUpgrade(ctx, request, reply) },
    (socket, request) => {
      const user = request.user;
      const sessionId = request.sessionId;
      if (!user || !sessionId) return socket.close(1008);
      const conn = hub.open(socket, sessionId, {
        userId: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        displayName: user.displayName,
        email: user.email,
      });
      socket.on('message', (data, isBinary) => {
        void hub.handleFrame(conn, isBinary ? '' : data.toString());
      });
      socket.on('pong', () => hub.pong(conn));
      socket.on('close', () => hub.closed(conn));
      // app.log, not request.log: a listener holding the request would keep its headers,
      // cookies and raw message alive for the socket's whole life (docs/performance.md, (d)).
      socket.on('error', (err) => app.log.debug({ err, userId: user.id }, 'websocket error'));
    },
  );
  return hub;
}
