import underPressure from '@fastify/under-pressure';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NOT_PROCESSED_HEADER } from '#shared/limits';
import type { Config } from '../config';
import { OVERLOADED_MESSAGE, retryAfterSeconds, storeCalls } from '../db/store-gate';
import { isApiPath } from './api-path';
import { TokenBuckets } from './token-bucket';

/**
 * Overload degrades, never collapses (docs/scaling.md, "Overload"): work that would wait too
 * long is refused at once with 503 + Retry-After, and the clients come back spread out.
 * - the event loop: when its mean delay over the last second passes OVERLOAD_EVENT_LOOP_MS
 *   (measured by @fastify/under-pressure), API requests are refused before anything is read
 *   for them;
 * - the store: a request's query waits at most STORE_WAIT_MS for a connection (db/store-gate.ts);
 * - sockets are admitted at WS_ADMIT_PER_SECOND (bursts of twice that), and at most
 *   WS_ADMIT_PER_ADDRESS_PER_SECOND from one address, none while the loop lags, so that a
 *   reconnect storm is let in gradually and one address cannot spend the budget of all
 *   (UpgradeAdmission). Only an authenticated upgrade is admitted (realtime/register.ts):
 *   one without a session or a guest's token is refused with 401 before it costs any
 *   (docs/realtime.md, "Admission"). A socket not admitted is not an error: its upgrade
 *   succeeds, and it is closed at once with CLOSE_TRY_LATER and the wait before its next
 *   try (the client adds jitter).
 */
export { NOT_PROCESSED_HEADER };

const isSocketUpgrade = (url: string) => url === '/ws' || url.startsWith('/ws?');

/** Upgrades told to come back later, with the wait (ms) their close will carry. */
const deferredUpgrades = new WeakMap<FastifyRequest, number>();
/** Upgrades whose session look-up the store refused: who they are is not known. */
const unverifiedUpgrades = new WeakSet<FastifyRequest>();

/** The wait before this upgrade's next try, when it was not admitted now. */
export const deferredUpgrade = (request: FastifyRequest): number | undefined =>
  deferredUpgrades.get(request);

/** Send this upgrade away for now (past the admission budget): see deferredUpgrade. */
export const sendUpgradeAway = (request: FastifyRequest, retryMs: number): void => {
  deferredUpgrades.set(request, spreadWait(retryMs));
};

/** Send this upgrade away for now (the store refused its session look-up): see deferredUpgrade. */
export const deferUpgrade = (request: FastifyRequest, retryMs: number): void => {
  sendUpgradeAway(request, retryMs);
  unverifiedUpgrades.add(request);
};

/** Whether the store refused this upgrade's session look-up (it was sent away unverified). */
export const upgradeUnverified = (request: FastifyRequest): boolean =>
  unverifiedUpgrades.has(request);

/**
 * The socket admission budget of one node: WS_ADMIT_PER_SECOND in all, and
 * WS_ADMIT_PER_ADDRESS_PER_SECOND for one address (IPv6 by its /64: the caller gives the
 * key), each in bursts of twice its rate. An address past its share spends nothing of the
 * node's, so that another address still gets in.
 */
export class UpgradeAdmission {
  private readonly node: TokenBuckets<'node'>;
  private readonly byAddress: TokenBuckets<string>;
  private readonly sweeper: ReturnType<typeof setInterval>;

  constructor(overload: Config['overload']) {
    this.node = new TokenBuckets(overload.wsAdmitPerSecond * 2, overload.wsAdmitPerSecond);
    const perAddress = overload.wsAdmitPerAddressPerSecond;
    this.byAddress = new TokenBuckets(perAddress * 2, perAddress);
    // Full buckets are dropped: memory follows the addresses reconnecting now.
    this.sweeper = setInterval(() => this.byAddress.sweep(), 10_000);
    this.sweeper.unref();
  }

  /** 0 when this address's upgrade is admitted now, else the wait (ms) before its next try. */
  take(address: string): number {
    return this.byAddress.take(address) || this.node.take('node');
  }

  close(): void {
    clearInterval(this.sweeper);
  }
}

/** A wait of `atLeastMs` plus 0–2 s, so that the sockets sent away come back spread out. */
const spreadWait = (atLeastMs: number) => atLeastMs + Math.floor(Math.random() * 2000);

export interface OverloadHooks {
  /** Called for each refused request or upgrade (the metrics count them). */
  onShed?: (reason: 'event_loop' | 'store' | 'admission') => void;
}

/** Set a refusal's status and headers; returns its body. */
function refusal(reply: FastifyReply, retryAfter: number) {
  reply.code(503).header('Retry-After', String(retryAfter)).header(NOT_PROCESSED_HEADER, '1');
  return { message: OVERLOADED_MESSAGE };
}

export async function registerOverloadShedding(
  app: FastifyInstance,
  config: Config,
  hooks: OverloadHooks = {},
): Promise<void> {
  // Registered before the session resolver: a refused request costs no store read.
  await app.register(underPressure, {
    maxEventLoopDelay: config.overload.eventLoopMs,
    // under-pressure sends what this handler returns, and lets the request through when it
    // returns nothing (its types say void for both).
    pressureHandler: ((request: FastifyRequest, reply: FastifyReply) => {
      if (isSocketUpgrade(request.url)) {
        hooks.onShed?.('event_loop');
        deferredUpgrades.set(request, spreadWait(1000));
        return undefined;
      }
      // Pages, assets and health checks are always served.
      if (!isApiPath(request)) return undefined;
      hooks.onShed?.('event_loop');
      return refusal(reply, retryAfterSeconds());
    }) as unknown as (request: FastifyRequest, reply: FastifyReply) => void,
  });

  // Socket admission is not taken here, before anyone is known, but once the upgrade is
  // authenticated (realtime/register.ts, UpgradeAdmission): taken here, upgrades without a
  // session spent the budget the members' reconnects need (docs/realtime.md, "Admission").
  app.addHook('onRequest', (_request, _reply, done) => {
    // Every query made for this request may wait STORE_WAIT_MS for a connection.
    storeCalls.run({ waitBudgetMs: config.overload.storeWaitMs }, done);
  });
}
