/**
 * The embedded store: PGlite (PostgreSQL compiled to WASM) in its own process, served over
 * the PostgreSQL wire protocol on a Unix socket, so that the app speaks one dialect through
 * one driver (postgres.js) whichever store it runs on, and heavy queries never block the
 * app's event loop (docs/scaling.md). Started by client.ts with fork(); it stops when its parent
 * goes away.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { ExchangeQueue } from './embedded-queue';

export interface EmbeddedReady {
  type: 'ready';
  socketPath?: string;
  host?: string;
  port?: number;
}

/** The answer to `{ type: 'stats' }` from the parent: what waits for the PGlite session. */
export interface EmbeddedStats {
  type: 'stats';
  queued: number;
}

const dataDir = process.env.RUCHE_EMBEDDED_DIR;
if (!dataDir) throw new Error('RUCHE_EMBEDDED_DIR is not set');
mkdirSync(dataDir, { recursive: true, mode: 0o700 });

const db = await PGlite.create({
  dataDir: path.join(dataDir, 'pgdata'),
  extensions: { pg_trgm, unaccent },
});

// A Unix socket inside DATA_DIR (mode 0700) keeps other local users out; its path must fit
// in sun_path (108 bytes), otherwise fall back to a loopback TCP port.
const socketPath = path.join(dataDir, '.s.PGSQL.5432');
const useSocket = Buffer.byteLength(socketPath) < 100;
const server = new PGLiteSocketServer({
  db,
  ...(useSocket ? { path: socketPath } : { host: '127.0.0.1', port: 0 }),
  maxConnections: 64,
});
// Its own queue lets connections interleave inside one query's messages; ours does not
// (embedded-queue.ts). The field is private in pglite-socket 0.2: store.test.ts proves the swap.
const queue = new ExchangeQueue(db);
(server as unknown as { queryQueue: ExchangeQueue }).queryQueue = queue;
if (useSocket) {
  const { rmSync } = await import('node:fs');
  rmSync(socketPath, { force: true });
}
await server.start();

const conn = server.getServerConn();
const ready: EmbeddedReady = useSocket
  ? { type: 'ready', socketPath }
  : { type: 'ready', host: '127.0.0.1', port: Number(conn.split(':').pop()) };
process.send?.(ready);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.stop().catch(() => {});
  // Closing PGlite flushes its files; the data then survives the next start.
  await db.close().catch(() => {});
  process.exit(0);
}

process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
process.on('message', (msg: unknown) => {
  const type = msg && typeof msg === 'object' ? (msg as { type?: string }).type : undefined;
  if (type === 'stop') void stop();
  if (type === 'stats') {
    const stats: EmbeddedStats = { type: 'stats', queued: queue.getQueueLength() };
    process.send?.(stats);
  }
});
