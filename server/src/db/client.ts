import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { EmbeddedReady, EmbeddedStats } from './embedded-worker';
import { gatedClient, StoreGate } from './store-gate';

/** Drizzle over postgres.js; `$client` is the postgres.js client, for hot-path raw SQL. */
/**
 * No relational schema is handed to Drizzle: each feature imports the tables it owns, so the
 * store's client names no feature.
 */
export type Db = PostgresJsDatabase & { $client: postgres.Sql };

/** The handle a `db.transaction` callback gets: what a step that must commit with others takes. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  kind: 'embedded' | 'postgres';
  /** Drizzle over postgres.js: the one way the features reach the store. */
  db: Db;
  /** The raw postgres.js client, for LISTEN-free raw SQL where Drizzle has no word for it. */
  sql: postgres.Sql;
  /** Admission to the pool (db/store-gate.ts): its slots, waiters and shed queries. */
  gate: StoreGate;
  /**
   * The send path's pipelined connection, counted the same way (GET /metrics) but never
   * made to wait: its batcher bounds it (features/messages/send.ts).
   */
  pipelineGate: StoreGate;
  /**
   * Embedded store only: protocol messages queued in front of its one PGlite session
   * (every connection shares it); undefined when the worker does not answer within 1 s.
   */
  queued?: () => Promise<number | undefined>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** Connections in the pool. */
  max?: number;
  /**
   * Embedded store only: the worker to fork, already JavaScript (the tests bundle it once a
   * run, server/test/global-setup.ts). By default the one beside this file: the bundled .js
   * in production, the .ts source under tsx in dev, which costs ~0.4 s more a start.
   */
  embeddedWorker?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * One more connection per store, for statements that a batcher sends one behind the other
 * (the send path, features/messages/send.ts): postgres.js pipelines them on it, so the next
 * batch is already waiting in PostgreSQL when the previous one commits, it never waits for
 * a pool connection, and its prepared statements stay warm. Measured in
 * docs/performance-log.md, "Current figures", "What changed" 3.
 */
const pipelines = new WeakMap<Db, Db>();

/**
 * The store's pipelined connection (the pool itself for a Db not opened here). Through
 * Drizzle like the pool, so that both pass parameters alike (Drizzle sends JSON as text).
 */
export const pipelineOf = (db: Db): Db => pipelines.get(db) ?? db;

/** Fork the PGlite worker: `given` when set, else the bundled .js in production, the .ts source under tsx in dev. */
function startEmbedded(
  dir: string,
  given: string | undefined,
): Promise<{ child: ChildProcess; ready: EmbeddedReady }> {
  const built = given !== undefined || import.meta.url.endsWith('.js');
  const worker = given ?? path.join(here, built ? 'embedded-worker.js' : 'embedded-worker.ts');
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

/** The embedded worker's queue length, over IPC; undefined if it does not answer in 1 s. */
function askWorker(child: ChildProcess): Promise<number | undefined> {
  if (!child.connected) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    const timer = setTimeout(() => finish(undefined), 1000);
    const onMessage = (msg: unknown) => {
      const stats = msg as Partial<EmbeddedStats>;
      if (stats?.type === 'stats') finish(stats.queued);
    };
    function finish(value: number | undefined) {
      clearTimeout(timer);
      child.off('message', onMessage);
      resolve(value);
    }
    child.on('message', onMessage);
    // The worker may be going away (the store closing): then there is no answer to wait for.
    child.send({ type: 'stats' }, (error) => {
      if (error) finish(undefined);
    });
  });
}

/**
 * The wait before a new connection after a failed one, in seconds. postgres.js's own grows to
 * 20 s: while PostgreSQL restarted, each query waited that long before it failed, and the
 * node came back that long after the store did. Here it stops at one second (spread, so the
 * pool's connections do not all knock at once): docs/operations.md, "The store restarts".
 */
const reconnectBackoff = (retries: number) =>
  (0.5 + Math.random() / 2) * Math.min(3 ** retries / 100, 1);

/**
 * postgres.js fetches the array types again on each new connection (`fetch_types`), and
 * drops that query's promise: when the store goes away during it — PostgreSQL restarting as
 * the pool reconnects — the rejection is unhandled and Node ends the process
 * (porsager/postgres#1192, #1223; 3.4.9). The types are the same for every connection and
 * the client keeps them once fetched (its parsers and serializers are shared by its
 * connections, `sql.options`): once a query has answered, later connections skip the fetch.
 * So the store is reached at open (main.ts migrates next: it must be there anyway).
 */
async function fetchTypesOnce(client: postgres.Sql): Promise<void> {
  await client`select 1`;
  client.options.fetch_types = false;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const max = options.max ?? 10;
  if (options.databaseUrl) {
    const pool = postgres(options.databaseUrl, {
      max,
      onnotice: () => {},
      backoff: reconnectBackoff,
      // Statements are named (db/store-gate.ts) and PostgreSQL's plan cache is left to its
      // default: after five executions a statement keeps a generic plan when it costs no
      // more, and plans it again when a table's statistics change. Planning at every
      // execution was a third of PostgreSQL's time (docs/performance-log.md, capacity,
      // "2026-11-28, 09:00"); the statements a generic plan does not suit go unnamed
      // (db/planned.ts).
    });
    const gate = new StoreGate(max);
    const pipelineGate = new StoreGate(1, { admit: false });
    const sql = gatedClient(pool, gate, { nameStatements: true });
    const pipelineClient = postgres(options.databaseUrl, {
      max: 1,
      onnotice: () => {},
      backoff: reconnectBackoff,
    });
    const pipeline = gatedClient(pipelineClient, pipelineGate);
    try {
      await Promise.all([fetchTypesOnce(pool), fetchTypesOnce(pipelineClient)]);
    } catch (error) {
      await Promise.all([pool.end({ timeout: 1 }), pipelineClient.end({ timeout: 1 })]);
      throw error;
    }
    const db = drizzle(sql);
    pipelines.set(db, drizzle(pipeline));
    return {
      kind: 'postgres',
      sql,
      db,
      gate,
      pipelineGate,
      close: async () => {
        await Promise.all([pool.end({ timeout: 5 }), pipeline.end({ timeout: 5 })]);
      },
    };
  }

  const { child, ready } = await startEmbedded(
    path.join(options.dataDir, 'embedded'),
    options.embeddedWorker,
  );
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
  const gate = new StoreGate(connections);
  const pipelineGate = new StoreGate(1, { admit: false });
  const sql = gatedClient(pool, gate);
  const pipelineClient = connect(1);
  // Each new connection would fetch the array types again: a query on the one PGlite session
  // for each of the pool's connections as it opens.
  try {
    await Promise.all([fetchTypesOnce(pool), fetchTypesOnce(pipelineClient)]);
  } catch (error) {
    await Promise.all([pool.end({ timeout: 1 }), pipelineClient.end({ timeout: 1 })]);
    child.kill();
    throw error;
  }
  const pipeline = gatedClient(pipelineClient, pipelineGate);
  const db = drizzle(sql);
  pipelines.set(db, drizzle(pipeline));
  return {
    kind: 'embedded',
    sql,
    db,
    gate,
    pipelineGate,
    queued: () => askWorker(child),
    async close() {
      await Promise.all([pool.end({ timeout: 5 }), pipeline.end({ timeout: 5 })]);
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}
