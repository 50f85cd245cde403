import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CLOSE_TRY_LATER } from '#shared/protocol';
import { SOCKET_PROTOCOL } from '#shared/session-token';
import { readSessionToken, resolveSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { deferredUpgrade } from '../lib/overload';
import { isTrustedOrigin } from '../lib/security';
import type { Broker, PresenceStore } from './broker';
import { MemoryBroker, MemoryPresenceStore } from './broker-memory';
import { RedisBroker, RedisPresenceStore } from './broker-redis';
import { Hub, type HubOptions } from './hub';
import type { Identity, UserIdentity } from './identity';
import { SocketSlots } from './socket-slots';

type BaseContext = Omit<AppContext, 'realtime'>;

/**
 * Where the live status is kept for REST (users.status): the users feature provides it
 * (app.ts hands it over), so that this layer writes no feature's table.
 */
export type StatusStore = Pick<
  HubOptions,
  'saveStatus' | 'loadStatuses' | 'loadChosenStatus' | 'resetStatuses'
>;

/** 64 KiB: the largest client frame (most frames are under 200 bytes). */
export const MAX_CLIENT_FRAME = 64 * 1024;

const clientFault = (err: Error): boolean => {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  return code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE';
};

function buildBroker(app: FastifyInstance, ctx: BaseContext) {
  if (ctx.redis) {
    const broker = new RedisBroker(ctx.redis, ctx.config.redisPrefix, app.log);
    const store = new RedisPresenceStore(ctx.redis, ctx.config.redisPrefix, broker.nodeId);
    return { broker: broker as Broker, store: store as PresenceStore };
  }
  const broker = new MemoryBroker();
  return { broker, store: new MemoryPresenceStore(broker.nodeId) };
}

export function buildHub(app: FastifyInstance, ctx: BaseContext, statuses: StatusStore): Hub {
  const { broker, store } = buildBroker(app, ctx);
  const brokerLag = ctx.metrics.brokerLag;
  return new Hub({
    broker,
    presenceStore: store,
    log: app.log,
    awayAfterMs: ctx.config.presenceAwayMs,
    offlineGraceMs: ctx.config.presenceOfflineGraceMs,
    framesPerSecond: ctx.config.wsFramesPerSecond,
    maxSocketsPerUser: ctx.config.maxSocketsPerUser,
    onBrokerLag: (ms) => brokerLag.observe(Math.max(0, ms) / 1000),
    ...statuses,
  });
}

/** This layer's series in GET /metrics: read from the hub's counters at scrape time. */
function declareMetrics(metrics: BaseContext['metrics'], hub: Hub): void {
  metrics.gaugeFrom(
    'ruche_ws_sockets_open',
    'Open WebSockets on this node',
    () => hub.stats.sockets,
  );
  metrics.counterFrom(
    'ruche_ws_frames_received_total',
    'Client frames received over WebSockets',
    () => hub.stats.framesIn,
  );
  metrics.counterFrom(
    'ruche_ws_frames_sent_total',
    'WebSocket messages written (events bound for one socket in one turn share one)',
    () => hub.stats.framesOut,
  );
  metrics.counterFrom(
    'ruche_ws_deliveries_total',
    'Events queued on sockets (one per event per socket)',
    () => hub.stats.deliveries,
  );
}

/** Who each upgrade request turned out to be (set by checkUpgrade, read by the handler). */
const identities = new WeakMap<FastifyRequest, Identity>();
/** The cluster-wide socket slot each upgrade claimed (with Redis), for the handler to hold. */
const claimedSlots = new WeakMap<FastifyRequest, string>();

const tooManySockets = (reply: FastifyReply) =>
  reply
    .code(429)
    .header('Retry-After', '30')
    .send({ message: 'Trop de connexions ouvertes pour ce compte : fermez des onglets' });

/** A signed-in user's identity, from the session the request resolved. */
function userIdentity(request: FastifyRequest): UserIdentity | undefined {
  const { user, sessionId } = request;
  if (!user || !sessionId) return undefined;
  const { id: userId, firstName, lastName, displayName, email } = user;
  const profile = { userId, firstName, lastName, displayName, email };
  return { kind: 'user', userId, sessionId, profile };
}

/**
 * docs/product.md §10.6: the upgrade needs a session cookie — or a token a feature's identifier accepts
 * (a scoped identity) — (401 otherwise) and, from a browser, our own Origin (403: no
 * cross-site WebSocket hijacking). Clients without Origin are not browsers.
 */
async function checkUpgrade(
  ctx: BaseContext,
  hub: Hub,
  slots: SocketSlots | undefined,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const origin = request.headers.origin;
  if (origin && !isTrustedOrigin(origin, request, ctx.config)) {
    return reply.code(403).send({ message: 'Origine non autorisée' });
  }
  // Not admitted now: the handler closes it with its retry hint, nothing is read for it.
  if (deferredUpgrade(request) !== undefined) return;
  if (!request.user) {
    // The session resolver only looks at exactly /ws; a query string must not lock anyone out.
    const carried = readSessionToken(request, ctx.config);
    const session = carried ? await resolveSession(ctx.db, ctx.config, carried.token) : null;
    if (session) {
      request.user = session.user;
      request.sessionId = session.sid;
    }
  }
  const identity = userIdentity(request) ?? (await hub.scopedIdentityOf(request));
  if (!identity) return reply.code(401).send({ message: 'Authentification requise' });
  if (identity.kind === 'user') {
    if (!hub.mayOpenSocket(identity.userId)) return tooManySockets(reply);
    // With Redis, the cap counts the user's sockets on every node (docs/security.md, finding 6).
    if (slots) {
      const slot = await slots.claim(identity.userId);
      if (!slot) return tooManySockets(reply);
      claimedSlots.set(request, slot);
    }
  }
  identities.set(request, identity);
}

/**
 * Mount /ws and return the hub: the fan-out and registry the features use (ctx.realtime,
 * as `Realtime`), and what ops/ needs of it (its counters, the drain). The features
 * register their frames, topic kinds and presence rules right after, while the app is
 * built: no socket can connect before it listens.
 */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: BaseContext,
  statuses: StatusStore,
): Promise<Hub> {
  const hub = buildHub(app, ctx, statuses);
  declareMetrics(ctx.metrics, hub);
  await hub.start();
  const slots = ctx.redis
    ? new SocketSlots(ctx.redis, ctx.config.redisPrefix, ctx.config.maxSocketsPerUser, app.log)
    : undefined;
  app.addHook('onClose', async () => {
    await hub.close();
    await slots?.close();
  });
  await app.register(websocket, {
    options: {
      maxPayload: MAX_CLIENT_FRAME,
      // The app offers `ruche` and `bearer.<token>` (docs/mobile.md): the answer names only
      // `ruche`, never the token. A client offering neither gets no subprotocol, as before.
      handleProtocols: (protocols) => (protocols.has(SOCKET_PROTOCOL) ? SOCKET_PROTOCOL : false),
    },
    errorHandler: (err, socket, request) => {
      // A client that breaks the protocol (an oversized frame, a bad opcode) or vanishes is
      // its own fault, not the server's: ws has already closed it (1009, 1002…). Anything
      // else is ours.
      if (clientFault(err)) {
        request.log.debug({ err }, 'websocket closed for a client fault');
        return;
      }
      request.log.error({ err }, 'websocket handler failed');
      socket.terminate();
    },
  });

  app.get(
    '/ws',
    {
      websocket: true,
      preValidation: (request, reply) => checkUpgrade(ctx, hub, slots, request, reply),
    },
    (socket, request) => {
      const retryMs = deferredUpgrade(request);
      if (retryMs !== undefined) {
        return socket.close(CLOSE_TRY_LATER, JSON.stringify({ retryMs }));
      }
      const identity = identities.get(request);
      if (!identity) return socket.close(1008);
      const slot = claimedSlots.get(request);
      if (slot && identity.kind === 'user') {
        slots?.hold(slot, identity.userId);
        socket.on('close', () => slots?.release(slot, identity.userId));
      }
      const conn = hub.open(socket, identity);
      const subject = conn.subject;
      socket.on('message', (data, isBinary) => {
        void hub.handleFrame(conn, isBinary ? '' : data.toString());
      });
      socket.on('pong', () => hub.pong(conn));
      socket.on('close', () => hub.closed(conn));
      // app.log, not request.log: a listener holding the request would keep its headers,
      // cookies and raw message alive for the socket's whole life (docs/performance.md, (d)).
      socket.on('error', (err) => app.log.debug({ err, subject }, 'websocket error'));
    },
  );
  return hub;
}
