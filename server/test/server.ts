import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
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
}

/** A real server on a loopback port, on a private store: what API and realtime tests talk to. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const store = options.store ?? (await createTestStore(options.storeKind));
  const config = loadConfig({
    DATA_DIR: store.dataDir,
    LOG_LEVEL: 'silent',
    SESSION_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests sign many people up from one address; the rate-limit test sets its own.
    AUTH_RATE_LIMIT: '10000',
    ...(store.databaseUrl ? { DATABASE_URL: store.databaseUrl } : {}),
    ...(options.redisUrl ? { REDIS_URL: options.redisUrl } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const redis = config.redisUrl ? new Redis(config.redisUrl) : undefined;
  const app = await buildApp({
    config,
    database,
    redis,
    webRoot: options.webRoot ?? '/nonexistent',
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
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
      await app.close();
      redis?.disconnect();
      await database.close();
      // A store passed in belongs to the caller, who drops it.
      if (!options.store) await store.drop();
    },
  };
}
