import { Redis } from 'ioredis';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { assertClusterConfig } from './ops/cluster';

const config = loadConfig();
// A node of a cluster (REDIS_URL) refuses what only it would have: docs/operations.md.
assertClusterConfig(process.env);
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await runMigrations(database);
const redis = config.redisUrl ? new Redis(config.redisUrl, { lazyConnect: false }) : undefined;
const app = await buildApp({ config, database, redis });

/**
 * SIGTERM or SIGINT: drain first (no new connections, readyz 503, sockets told to
 * reconnect elsewhere, requests in flight answered: ops/drain.ts), then close the app, and
 * only then Redis and the store, which the last requests still needed. A second signal
 * does not cut the drain short: DRAIN_TIMEOUT_MS bounds it.
 */
let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal, timeoutMs: config.drainTimeoutMs }, 'draining');
  const { timedOut, elapsedMs } = await app.ops.drain();
  if (timedOut) app.log.warn({ elapsedMs }, 'drain timed out: remaining connections closed');
  else app.log.info({ elapsedMs }, 'drained');
  try {
    await app.close();
    redis?.disconnect();
    await database.close();
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { store: database.kind, broker: redis ? 'redis' : 'memory' },
  `Ruche is serving on http://localhost:${config.port}`,
);
