import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { EmbeddedReady } from './embedded-worker';
import { gatedClient, StoreGate } from './store-gate';

/** Drizzle over postgres.js; `$client` is the postgres.js client, for hot-path raw SQL. */
/**
 * No relational schema is handed to Drizzle: each feature imports the tables it owns, so the
 * store's client names no feature.
 */
export type Db = PostgresJsDatabase & { $client: postgres.Sql };

export interface Database {
  kind: 'embedded' | 'postgres';
  /** Drizzle over postgres.js: the one way the features reach the store. */
  db: Db;
  /** The raw postgres.js client, for LISTEN-free raw SQL where Drizzle has no word for it. */
  sql: postgres.Sql;
  /** Admission to the pool (db/store-gate.ts): its slots, waiters and shed queries. */
  gate: StoreGate;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Connections in the pool. */
  max?: number;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * One more connection per store, for statements that a batcher sends one behind the other
 * (the send path, features/messages/send.ts): postgres.js pipelines them on it, so the next
 * batch is already waiting in PostgreSQL when the previous one commits, it never waits for
 * a pool connection, and its prepared statements stay warm. Measured in
 * docs/performance.md.
 */
const pipelines = new WeakMap<Db, Db>();

/**
 * The store's pipelined connection (the pool itself for a Db not opened here). Through
 * Drizzle like the pool, so that both pass parameters alike (Drizzle sends JSON as text).
 */
export const pipelineOf = (db: Db): Db => pipelines.get(db) ?? db;

/** Fork the PGlite worker: the bundled .js in production, the .ts source under tsx in dev and tests. */
function startEmbedded(dir: string): Promise<{ child: ChildProcess; ready: EmbeddedReady }> {
  const built = import.meta.url.endsWith('.js');
  const worker = built
    ? path.join(here, 'embedded-worker.js')
    : path.join(here, 'embedded-worker.ts');
  const child = fork(worker, [], {
    env: { ...process.env, RUCHE_EMBEDDED_DIR: dir },
    execArgv: built ? [] : ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`The embedded store stopped while starting (exit ${code})`));
    child.once('exit', onExit);
    child.once('error', reject);
    child.once('message', (msg) => {
      child.off('exit', onExit);
      resolve({ child, ready: msg as EmbeddedReady });
    });
  });
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const max = options.max ?? 10;
  if (options.databaseUrl) {
    const pool = postgres(options.databaseUrl, { max, onnotice: () => {} });
    const pipeline = postgres(options.databaseUrl, { max: 1, onnotice: () => {} });
    const gate = new StoreGate(max);
    const sql = gatedClient(pool, gate);
    const db = drizzle(sql);
    pipelines.set(db, drizzle(pipeline));
    return {
      kind: 'postgres',
      sql,
      db,
      gate,
      close: async () => {
        await Promise.all([pool.end({ timeout: 5 }), pipeline.end({ timeout: 5 })]);
      },
    };
  }

  const { child, ready } = await startEmbedded(path.join(options.dataDir, 'embedded'));
  const connect = (connections: number) =>
    postgres({
      ...(ready.socketPath ? { path: ready.socketPath } : { host: ready.host, port: ready.port }),
      username: 'postgres',
      database: 'postgres',
      max: connections,
      // pglite-socket multiplexes connections onto one session: named prepared statements
      // of two connections could collide there (docs/scaling.md).
      prepare: false,
      onnotice: () => {},
    });
  const connections = Math.min(max, 8);
  const pool = connect(connections);
  const pipeline = connect(1);
  const gate = new StoreGate(connections);
  const sql = gatedClient(pool, gate);
  const db = drizzle(sql);
  pipelines.set(db, drizzle(pipeline));
  return {
    kind: 'embedded',
    sql,
    db,
    gate,
    async close() {
      await Promise.all([pool.end({ timeout: 5 }), pipeline.end({ timeout: 5 })]);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}
