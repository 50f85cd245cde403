import postgres from 'postgres';
import type { Db } from '../src/db/client';
import type { TestServer } from './server';

export interface Counts {
  /** Transactions committed on the server's database (reads included). */
  commits: number;
  /** Rows inserted, updated or deleted, in every table. */
  rowWrites: number;
  /** Rows of `users` rewritten by an UPDATE (one that matched no row adds nothing). */
  userUpdates: number;
  /**
   * Scans of `sessions`. Besides HTTP requests (the session cookie), the server sweeps
   * expired sessions every 10 s (app.ts): one transaction and one scan each.
   */
  sessionScans: number;
}

/**
 * What a test server's store has done, counted by PostgreSQL itself (pg_stat_database,
 * pg_stat_user_tables), so that a test can say "this wrote nothing". Two readings differ
 * by what the server did in between, exactly: `read()` leaves out its own transactions.
 *
 * The counters are per backend until flushed. On PostgreSQL a backend flushes at most once a
 * second, and an idle one up to 10 s later; one that exits flushes at once, so `read()` ends
 * the server's connections first (waiting for each to exit), and the server's pool reconnects
 * when it next needs one — a reconnection's own look-ups count as commits then, so assert on
 * `commits` only across a span where the server should not touch the store at all. The
 * embedded store runs every connection on one session: forcing that session's next flush is
 * enough.
 */
export class StoreCounters {
  /** This helper's own transactions so far: the counts leave them out. */
  private own = 0;

  private constructor(
    private readonly sql: postgres.Sql,
    private readonly endServerConnections: boolean,
    private readonly owned: boolean,
  ) {}

  static open(server: TestServer): StoreCounters {
    const url = server.store.databaseUrl;
    if (!url) return new StoreCounters(server.database.sql, false, false);
    return new StoreCounters(postgres(url, { max: 1, onnotice: () => {} }), true, true);
  }

  async read(): Promise<Counts> {
    if (this.endServerConnections) {
      const ended = await this.query<{ ok: boolean }>(this.sql`
        select pg_terminate_backend(pid, 10000) as "ok" from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid()`);
      if (ended.some((e) => !e.ok)) throw new Error('a server connection did not end in 10 s');
    }
    await this.query(this.sql`select pg_stat_force_next_flush()`);
    // This statement's own transaction is not counted yet: the ones before it are.
    const own = this.own;
    const [row] = await this.query<Counts>(this.sql`
      select xact_commit::int as "commits",
        (select coalesce(sum(n_tup_ins + n_tup_upd + n_tup_del), 0)::int
          from pg_stat_user_tables) as "rowWrites",
        (select n_tup_upd::int from pg_stat_user_tables where relname = 'users') as "userUpdates",
        (select (coalesce(seq_scan, 0) + coalesce(idx_scan, 0))::int
          from pg_stat_user_tables where relname = 'sessions') as "sessionScans"
      from pg_stat_database where datname = current_database()`);
    if (!row) throw new Error('no statistics for the current database');
    return { ...row, commits: row.commits - own };
  }

  /**
   * A reading taken right after the server's next sweep of expired sessions: the span that
   * follows has 10 s without one, so a test can count every commit in it, exactly.
   */
  async afterSessionSweep(timeoutMs = 15_000): Promise<Counts> {
    const first = await this.lastSweep();
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      if ((await this.lastSweep()) > first) return this.read();
    }
    throw new Error(`no sweep of expired sessions within ${timeoutMs} ms`);
  }

  async close(): Promise<void> {
    if (this.owned) await this.sql.end({ timeout: 5 });
  }

  /**
   * When the server last swept sessions. PostgreSQL's counters lag, and ending the server's
   * connections to flush them could cut a sweep short: its live view of each connection's
   * latest statement does not. The embedded store's single session flushes when asked.
   */
  private async lastSweep(): Promise<number> {
    if (!this.endServerConnections) return (await this.read()).sessionScans;
    const [row] = await this.query<{ at: number | null }>(this.sql`
      select extract(epoch from max(query_start))::float8 as "at" from pg_stat_activity
      where datname = current_database() and query like 'delete from "sessions"%'`);
    return row?.at ?? 0;
  }

  private async query<T>(statement: Promise<readonly unknown[]>): Promise<T[]> {
    try {
      return (await statement) as T[];
    } finally {
      this.own++;
    }
  }
}

/**
 * The real store, with the statements sent through its `execute` and its client's `unsafe`
 * (db/planned.ts) counted.
 */
export function countedStatements(db: Db): { db: Db; statements: () => number } {
  let n = 0;
  const counting = <T extends object>(target: T, method: string): T =>
    new Proxy(target, {
      get(inner, key, receiver) {
        const value = Reflect.get(inner, key, receiver);
        if (key !== method || typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          n++;
          return value.apply(inner, args);
        };
      },
    });
  const client = counting(db.$client, 'unsafe');
  const proxy = new Proxy(counting(db, 'execute'), {
    get(target, key, receiver) {
      return key === '$client' ? client : Reflect.get(target, key, receiver);
    },
  });
  return { db: proxy, statements: () => n };
}
