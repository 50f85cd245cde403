import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { type BuildAppOptions, buildApp } from '../src/app';
import {
  type Config,
  type LinkPreviewNetwork,
  loadConfig,
  type PasswordHashCost,
} from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { OFFLINE } from './link-preview-site';
import { OVERLOAD_GUARD_OUT_OF_THE_WAY } from './overload-guard';
import { createTestStore, type TestStore, type TestStoreHandle } from './stores';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: Config;
  store: TestStoreHandle;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  /** Reuse a store (a second node, or a restart); by default each server gets a fresh one. */
  store?: TestStoreHandle;
  storeKind?: TestStore;
  redisUrl?: string;
  /** A built web app to serve (a folder with index.html); none by default. */
  webRoot?: string;
  /** Listen on this port (see freePort) instead of any: for a PUBLIC_URL known in advance. */
  port?: number;
  /** Collect the server's log lines (set LOG_LEVEL in env too). */
  logStream?: BuildAppOptions['logStream'];
  /** Extra features to register (see BuildAppOptions.features). */
  features?: BuildAppOptions['features'];
  /**
   * The link previews' resolver and routes (test/link-preview-site.ts); by default none: no
   * name resolves, so a test's links are never fetched from the Internet.
   */
  linkPreviewNetwork?: LinkPreviewNetwork;
}

/**
 * argon2id at its lowest cost: about 2 ms of CPU a hash against 200 ms at the server's, which
 * spreads over both cores (p=4) and took a second and more with other work beside. Tests sign
 * up hundreds of people in each store project (auth.test.ts: 35 s → 9 s). Only here: no
 * variable lowers the server's (config.ts, PASSWORD_HASH_COST). Hashes and checks still go
 * through argon2id, so every password path is the server's own.
 */
const TEST_PASSWORD_HASH_COST: PasswordHashCost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A loopback port free right now, for a server whose PUBLIC_URL must be configured first. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A real server on a loopback port, on a private store: what API and realtime tests talk to. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const store = options.store ?? (await createTestStore(options.storeKind));
  const loaded = loadConfig({
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests sign many people up from one address; the rate-limit test sets its own.
    AUTH_RATE_LIMIT: '10000',
    // Tests send bursts no person sends; the abuse-limit tests set their own limits.
    SEND_RATE_PER_SECOND: '100000',
    WS_FRAMES_PER_SECOND: '100000',
    // Tests open sockets in bursts and share two cores with other work: the overload guard
    // is out of the way unless a test (overload.test.ts) sets its own limits.
    ...OVERLOAD_GUARD_OUT_OF_THE_WAY,
    // A closed socket's user goes offline at once, unless a test (presence.test.ts) sets
    // the grace a reload is given.
    PRESENCE_OFFLINE_GRACE_MS: '0',
    // Notifications are not held outside working hours, whatever the hour the tests run at,
    // unless a test turns the policy on (features/disconnect).
    DISCONNECT_DEFAULT_ENABLED: 'false',
    // Each test makes its own channels and counts them: the default channel every new
    // account joins is off unless a test (default-channel.test.ts) names one.
    DEFAULT_CHANNEL: '',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  });
  const config: Config = {
    ...loaded,
    passwordHashCost: TEST_PASSWORD_HASH_COST,
    linkPreviews: { ...loaded.linkPreviews, network: options.linkPreviewNetwork ?? OFFLINE },
  };
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    embeddedWorker: store.embeddedWorker,
  });
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    webRoot: options.webRoot ?? '/nonexistent',
    logStream: options.logStream,
    features: options.features,
  });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    store,
    async close() {
      if (closed) return;
      closed = true;
      // A test that failed early may leave requests in flight: their keep-alive connections,
      // idle once answered, would hold app.close() for the keep-alive timeout (72 s) — the
      // drain's idle sweep does the same for a node (ops/drain.ts).
      const sweep = setInterval(() => app.server.closeIdleConnections(), 50);
      try {
        await app.close();
      } finally {
        clearInterval(sweep);
      }
      redis?.disconnect();
      await database.close();
      // A store passed in belongs to the caller, who drops it.
      if (!options.store) await store.drop();
    },
  };
}
