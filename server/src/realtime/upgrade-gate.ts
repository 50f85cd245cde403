/**
 * Who may open a socket, and when (docs/realtime.md, "Admission"): the upgrade's checks,
 * in their order, for register.ts to run before @fastify/websocket accepts anything.
 */
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from '../auth/login-throttle';
import { mayCarrySessionToken, readSessionToken, resolveSession } from '../auth/sessions';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { storeRefusal } from '../lib/errors';
import {
  deferredUpgrade,
  deferUpgrade,
  sendUpgradeAway,
  type UpgradeAdmission,
  upgradeUnverified,
} from '../lib/overload';
import { isTrustedOrigin } from '../lib/security';
import type { Hub } from './hub';
import type { Identity, UserIdentity } from './identity';
import type { TokenCarrier } from './realtime';
import type { SocketSlots } from './socket-slots';

type BaseContext = Omit<AppContext, 'realtime'>;

/** Who each upgrade request turned out to be (set by checkUpgrade, read by the handler). */
export const identities = new WeakMap<FastifyRequest, Identity>();
/** The cluster-wide socket slot each upgrade claimed (with Redis), for the handler to hold. */
export const claimedSlots = new WeakMap<
  FastifyRequest,
  { slots: SocketSlots; slot: string; key: string }
>();

const tooManySockets = (reply: FastifyReply, identity: Identity) =>
  reply
    .code(429)
    .header('Retry-After', '30')
    .send({
      message:
        identity.kind === 'user'
          ? 'Trop de connexions ouvertes pour ce compte : fermez des onglets'
          : 'Trop de connexions ouvertes avec cette invitation : fermez des onglets',
    });

/** What checkUpgrade works with: the node's budgets and counts, made once by registerRealtime. */
export interface UpgradeGate {
  ctx: BaseContext;
  hub: Hub;
  admission: UpgradeAdmission;
  /** Cluster-wide caps through Redis: one per account, one per guest's token. */
  userSlots: SocketSlots | undefined;
  guestSlots: SocketSlots | undefined;
  /** A guest token's sockets on this node (upgrades under way included), by holder. */
  guestSockets: Map<string, number>;
}

/** A signed-in user's identity, from the session the request resolved. */
function userIdentity(request: FastifyRequest): UserIdentity | undefined {
  const { user, sessionId } = request;
  if (!user || !sessionId) return undefined;
  const { id: userId, firstName, lastName, displayName, email } = user;
  const profile = { userId, firstName, lastName, displayName, email };
  return { kind: 'user', userId, sessionId, profile };
}

/** An answer written on the raw connection to an upgrade that is not taken, which it closes. */
function refusal(status: string, message: string): Buffer {
  const body = JSON.stringify({ message });
  return Buffer.from(
    [
      `HTTP/1.1 ${status}`,
      'Content-Type: application/json; charset=utf-8',
      `Content-Length: ${Buffer.byteLength(body)}`,
      'Cache-Control: no-store',
      'Connection: close',
      '',
      body,
    ].join('\r\n'),
  );
}
/** checkUpgrade's 401, to an upgrade that carries nothing. */
const UNAUTHORIZED = refusal('401 Unauthorized', 'Authentification requise');
const UNDECODABLE = refusal('400 Bad Request', 'Adresse invalide : encodage incorrect');
const NOT_FOUND = refusal('404 Not Found', 'Seule /ws accepte une connexion WebSocket');

/**
 * How long an upgrade passed on to @fastify/websocket may take to become a socket. Past
 * it, nothing else would ever close it: Node no longer reads it as HTTP, so no server
 * timeout covers it (docs/realtime.md, "Admission").
 */
export const UPGRADE_HANDSHAKE_MS = 10_000;

/** The answer for an upgrade refused before routing, if it is; undefined to pass it on. */
function rawRefusal(
  request: IncomingMessage,
  config: Config,
  carriers: readonly TokenCarrier[],
): Buffer | undefined {
  const path = request.url?.split('?', 1)[0] ?? '';
  if (path === '/ws') {
    return carriesCredential(request, config, carriers) ? undefined : UNAUTHORIZED;
  }
  // register.ts declares the only route that accepts upgrades. Any other goes no further:
  // Fastify would answer an undecodable one itself, skip every hook, and keep it open.
  try {
    decodeURIComponent(path);
  } catch {
    return UNDECODABLE;
  }
  return NOT_FOUND;
}

/** Closes an upgrade passed on that has not become a socket within UPGRADE_HANDSHAKE_MS. */
function closeUnlessUpgraded(request: IncomingMessage, socket: Duplex, pending: WeakSet<object>) {
  pending.add(request);
  const deadline = setTimeout(() => {
    if (pending.has(request)) socket.destroy();
  }, UPGRADE_HANDSHAKE_MS);
  deadline.unref();
  socket.once('close', () => clearTimeout(deadline));
}

/** Whether an upgrade carries anything that may name someone: a session, or a scoped token. */
function carriesCredential(
  request: IncomingMessage,
  config: Config,
  carriers: readonly TokenCarrier[],
): boolean {
  if (mayCarrySessionToken(request.headers, config)) return true;
  const url = request.url ?? '';
  const at = url.indexOf('?');
  const query = at === -1 ? undefined : new URLSearchParams(url.slice(at + 1));
  return carriers.some(
    ({ header, query: name }) =>
      request.headers[header] !== undefined || (name !== undefined && query?.has(name)),
  );
}

/**
 * docs/realtime.md, "Admission": an upgrade to /ws that carries no session and no scoped
 * token is answered 401 on the raw connection, before Fastify routes it. It names nobody,
 * so nothing can be looked up for it. Routed through Fastify (hooks, routing, the reply) each
 * cost the node about twice the CPU, which a flood of them took from the members
 * (upgrade-flood.pg.test.ts, "the node's CPU"). An upgrade to any other path is answered
 * there too (404, or 400 when its address cannot be decoded) and closed. The other
 * upgrades go on to @fastify/websocket through the emitter returned, and are judged by
 * checkUpgrade: one refused there is closed by @fastify/websocket's onResponse hook, and one
 * that becomes no socket in time by closeUnlessUpgraded. Registered once; removed when the
 * app closes.
 */
export function refuseAnonymousUpgrades(
  app: FastifyInstance,
  config: Config,
  hub: Hub,
): EventEmitter {
  const routed = new EventEmitter();
  // Upgrades passed on and not yet sockets, by their request (ws names it on 'connection').
  const pending = new WeakSet<object>();
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const refused = rawRefusal(request, config, hub.tokenCarriers);
    if (refused) {
      // Node removed its own error listener before 'upgrade': a reset must not throw.
      socket.on('error', () => socket.destroy());
      socket.end(refused, () => socket.destroy());
      return;
    }
    closeUnlessUpgraded(request, socket, pending);
    routed.emit('upgrade', request, socket, head);
  };
  app.server.on('upgrade', onUpgrade);
  // @fastify/websocket's server exists once the app is ready; its 'connection' is the 101.
  app.addHook('onReady', async () => {
    app.websocketServer.on('connection', (_socket, request: IncomingMessage) => {
      pending.delete(request);
    });
  });
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
  });
  return routed;
}

/** The session an upgrade carries, when the resolver (auth/guard.ts) did not look it up. */
async function lookUpSession(ctx: BaseContext, request: FastifyRequest): Promise<void> {
  if (request.user || upgradeUnverified(request)) return;
  // The resolver looks at exactly /ws, and not while the loop lags: a query string must not
  // lock anyone out, and who is not anybody must be told so before any budget is spent.
  const resolved = request.url === '/ws' && deferredUpgrade(request) === undefined;
  const carried = resolved ? undefined : readSessionToken(request, ctx.config);
  if (!carried) return;
  let session: Awaited<ReturnType<typeof resolveSession>>;
  try {
    session = await resolveSession(ctx.db, ctx.config, carried.token);
  } catch (err) {
    // As the resolver does: a socket the store cannot take now (busy, or away) comes back later.
    const refused = storeRefusal(err);
    if (!refused?.retryAfterSeconds) throw err;
    deferUpgrade(request, refused.retryAfterSeconds * 1000);
    return;
  }
  if (session) {
    request.user = session.user;
    request.sessionId = session.sid;
  }
}

/**
 * A guest's token holds at most MAX_SOCKETS_PER_GUEST sockets on this node, counted from
 * the upgrade (so that upgrades at once cannot pass together) to its connection's close.
 */
function reserveGuestSocket(
  gate: UpgradeGate,
  request: FastifyRequest,
  subject: string,
): (() => void) | undefined {
  const held = gate.guestSockets.get(subject) ?? 0;
  if (held >= gate.ctx.config.maxSocketsPerGuest) return undefined;
  gate.guestSockets.set(subject, held + 1);
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const left = (gate.guestSockets.get(subject) ?? 1) - 1;
    if (left > 0) gate.guestSockets.set(subject, left);
    else gate.guestSockets.delete(subject);
  };
  request.raw.socket.once('close', release);
  return release;
}

/** Whether this identity may open one more socket: on this node, then across nodes (Redis). */
async function claimSocket(
  gate: UpgradeGate,
  request: FastifyRequest,
  identity: Identity,
): Promise<boolean> {
  const isUser = identity.kind === 'user';
  const key = isUser ? identity.userId : identity.subject;
  if (isUser && !gate.hub.mayOpenSocket(key)) return false;
  const unreserve = isUser ? () => undefined : reserveGuestSocket(gate, request, key);
  if (!unreserve) return false;
  // With Redis, the caps count the sockets on every node (docs/security.md, finding 6).
  const slots = isUser ? gate.userSlots : gate.guestSlots;
  if (!slots) return true;
  const slot = await slots.claim(key);
  if (!slot) {
    unreserve();
    return false;
  }
  claimedSlots.set(request, { slots, slot, key });
  return true;
}

/**
 * docs/product.md §10.6: the upgrade needs a session cookie — or a token a feature's
 * identifier accepts (a scoped identity) — (401 otherwise) and, from a browser, our own
 * Origin (403: no cross-site WebSocket hijacking). Clients without Origin are not browsers.
 * docs/realtime.md, "Admission": who it is comes first, refused with a real HTTP 401 before
 * any budget, cap or socket is spent for it; then the caps (429); then the admission budget
 * (its address's share, the node's), past which the socket is sent away with a retry hint.
 */
export async function checkUpgrade(
  gate: UpgradeGate,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const { ctx, hub } = gate;
  const origin = request.headers.origin;
  if (origin && !isTrustedOrigin(origin, request, ctx.config)) {
    return reply.code(403).send({ message: 'Origine non autorisée' });
  }
  await lookUpSession(ctx, request);
  // The store refused the session look-up: who it is cannot be told now, it comes back later.
  if (upgradeUnverified(request)) return;
  const identity = userIdentity(request) ?? (await hub.scopedIdentityOf(request));
  if (!identity) return reply.code(401).send({ message: 'Authentification requise' });
  // Not admitted now (the loop lags): the handler closes it with its retry hint.
  if (deferredUpgrade(request) !== undefined) return;
  if (!(await claimSocket(gate, request, identity))) return tooManySockets(reply, identity);
  const waitMs = gate.admission.take(addressKey(request.ip));
  if (waitMs > 0) {
    ctx.metrics.countShed('admission');
    sendUpgradeAway(request, waitMs);
    return;
  }
  identities.set(request, identity);
}
