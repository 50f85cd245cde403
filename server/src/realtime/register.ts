import type { Server } from 'node:http';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import { CLOSE_TRY_LATER } from '#shared/protocol';
import { SOCKET_PROTOCOL } from '#shared/session-token';
import type { AppContext } from '../context';
import { deferredUpgrade, UpgradeAdmission } from '../lib/overload';
import type { Broker, PresenceStore } from './broker';
import { MemoryBroker, MemoryPresenceStore } from './broker-memory';
import { RedisBroker, RedisPresenceStore } from './broker-redis';
import { Hub, type HubOptions } from './hub';
import { SocketSlots } from './socket-slots';
import {
  checkUpgrade,
  claimedSlots,
  identities,
  refuseAnonymousUpgrades,
  type UpgradeGate,
} from './upgrade-gate';

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
  const { redis, config } = ctx;
  const gate: UpgradeGate = {
    ctx,
    hub,
    admission: new UpgradeAdmission(config.overload),
    userSlots: redis
      ? new SocketSlots(redis, config.redisPrefix, config.maxSocketsPerUser, app.log)
      : undefined,
    // Their own keys (`<prefix>:guest:sockets:<holder>`) and their own cap.
    guestSlots: redis
      ? new SocketSlots(redis, `${config.redisPrefix}:guest`, config.maxSocketsPerGuest, app.log)
      : undefined,
    guestSockets: new Map(),
  };
  app.addHook('onClose', async () => {
    await hub.close();
    gate.admission.close();
    await Promise.all([gate.userSlots?.close(), gate.guestSlots?.close()]);
  });
  const upgrades = refuseAnonymousUpgrades(app, config, hub);
  await app.register(websocket, {
    options: {
      // @fastify/websocket listens for upgrades on this instead of app.server: only those
      // refuseAnonymousUpgrades lets through (its `server` option, meant for another server).
      server: upgrades as unknown as Server,
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
      preValidation: (request, reply) => checkUpgrade(gate, request, reply),
    },
    (socket, request) => {
      const claimed = claimedSlots.get(request);
      const retryMs = deferredUpgrade(request);
      if (retryMs !== undefined) {
        // Sent away after its slot was claimed (past the admission budget): give it back.
        if (claimed) claimed.slots.release(claimed.slot, claimed.key);
        return socket.close(CLOSE_TRY_LATER, JSON.stringify({ retryMs }));
      }
      const identity = identities.get(request);
      if (!identity) return socket.close(1008);
      if (claimed) {
        const { slots, slot, key } = claimed;
        slots.hold(slot, key);
        socket.on('close', () => slots.release(slot, key));
      }
      const conn = hub.open(socket, identity);
      const subject = conn.subject;
      socket.on('message', (data, isBinary) => {
        void hub.handleFrame(conn, isBinary ? '' : data.toString());
      });
      socket.on('pong', () => hub.pong(conn));
      socket.on('close', () => hub.closed(conn));
      // app.log, not request.log: a listener holding the request would keep its headers,
      // cookies and raw message alive for the socket's whole life (docs/performance-log.md,
      // "(d) Idle sockets").
      socket.on('error', (err) => app.log.debug({ err, subject }, 'websocket error'));
    },
  );
  return hub;
}
