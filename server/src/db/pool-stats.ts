import type postgres from 'postgres';

/** What one postgres.js client is doing now, as /metrics reports it (docs/operations.md). */
export interface PoolStats {
  /** Connections the client may open. */
  size: number;
  /**
   * Work that holds or wants a connection now: statements sent and not yet answered, open
   * transactions, reserved connections.
   */
  active: number;
}

/** The part of a postgres.js Query this module touches (it is not in the typings). */
interface RunnableQuery {
  handler: ((query: RunnableQuery) => unknown) & { debug?: unknown };
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const isQuery = (value: unknown): value is RunnableQuery =>
  value instanceof Promise && typeof (value as Partial<RunnableQuery>).handler === 'function';

/**
 * postgres.js publishes neither which of its connections are busy nor its wait queue, so
 * the work is counted where it is issued: a statement from the moment postgres.js takes it
 * (its `handler`, which runs when the query is awaited, never for a fragment nested in
 * another) until it is answered; `begin` and `reserve` for as long as they hold their
 * connection. Statements inside a transaction ride its connection and are not counted
 * again. Relies on postgres.js 3's Query fields (`handler`, `resolve`, `reject`); the store
 * test checks the count moves.
 */
export function trackPool(
  sql: postgres.Sql,
  size: number,
): { sql: postgres.Sql; stats: PoolStats } {
  const stats: PoolStats = { size, active: 0 };
  const settle = () => {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      stats.active--;
    };
  };
  const track = <T>(query: T): T => {
    if (!isQuery(query)) return query;
    const run = query.handler;
    const counted = (q: RunnableQuery) => {
      stats.active++;
      const done = settle();
      const { resolve, reject } = q;
      q.resolve = (value) => {
        done();
        resolve(value);
      };
      q.reject = (error) => {
        done();
        reject(error);
      };
      return run(q);
    };
    counted.debug = run.debug;
    query.handler = counted;
    return query;
  };
  const holding =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      stats.active++;
      try {
        return await fn(...args);
      } finally {
        stats.active--;
      }
    };

  const wrappers = new Map<PropertyKey, unknown>([
    ['unsafe', (...args: Parameters<postgres.Sql['unsafe']>) => track(sql.unsafe(...args))],
    ['begin', holding(sql.begin.bind(sql) as (...args: unknown[]) => Promise<unknown>)],
    [
      'reserve',
      async () => {
        stats.active++;
        const release = settle();
        let reserved: postgres.ReservedSql;
        try {
          reserved = await sql.reserve();
        } catch (error) {
          release();
          throw error;
        }
        const free = reserved.release.bind(reserved);
        reserved.release = () => {
          release();
          free();
        };
        return reserved;
      },
    ],
  ]);
  const proxy = new Proxy(sql, {
    apply: (target, thisArg, args) => track(Reflect.apply(target, thisArg, args)),
    get: (target, key, receiver) =>
      wrappers.has(key) ? wrappers.get(key) : Reflect.get(target, key, receiver),
  });
  return { sql: proxy, stats };
}
