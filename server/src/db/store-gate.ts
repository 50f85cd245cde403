import { AsyncLocalStorage } from 'node:async_hooks';
import type postgres from 'postgres';
import { classifyStoreError } from './store-unavailable';

/**
 * Admission to the store's pool (docs/scaling.md, "Overload"). postgres.js queues a query
 * it has no free connection for, or pipelines it behind another connection's work, with no
 * limit and no deadline: under overload a signed-in page waited 20 s and more. The gate
 * holds one slot per pool connection, so a query runs on a connection of its own, and:
 * - a query made for an HTTP request waits at most the request's budget (STORE_WAIT_MS),
 *   then fails with StoreBusyError, which the error handler answers 503 + Retry-After;
 * - background work (presence writes, sweeps: `inBackground`) never holds the last slots and
 *   goes after waiting requests, so it cannot starve them;
 * - anything else (socket frames) waits its turn, as before.
 */
export const OVERLOADED_MESSAGE = 'Ruche est très sollicité : réessayez dans quelques secondes';

export class StoreBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(OVERLOADED_MESSAGE);
  }
}

/** What a piece of work is, for the gate: set around each HTTP request and background task. */
export interface StoreCallContext {
  /** How long a query of this work may wait for a connection (HTTP requests). */
  waitBudgetMs?: number;
  background?: boolean;
  /** Whether a query of this work has reached the store (a shed request did nothing if not). */
  reachedStore?: boolean;
}

export const storeCalls = new AsyncLocalStorage<StoreCallContext>();

/** Run `task` as background store work (below requests, never on the last slots). */
export const inBackground = <T>(task: () => Promise<T>): Promise<T> =>
  storeCalls.run({ background: true }, task);

interface Waiter {
  grant(): void;
  background: boolean;
}

export interface StoreGateStats {
  inUse: number;
  /** Of `inUse`, the slots background work holds. */
  inUseBackground: number;
  waiting: number;
  shed: number;
}

export class StoreGate {
  private inUse = 0;
  private inUseBackground = 0;
  private readonly foreground: Waiter[] = [];
  private readonly background: Waiter[] = [];
  private shedCount = 0;
  /** Slots background work may hold at once: all but two (one when the pool is tiny). */
  readonly backgroundSlots: number;
  /** Whether work waits for a free slot; without, the gate only counts (in use past `slots`). */
  private readonly admit: boolean;
  /** Called for each query refused for its budget (GET /metrics counts them). */
  onShed: (() => void) | undefined;

  constructor(
    readonly slots: number,
    options: { admit?: boolean } = {},
  ) {
    this.backgroundSlots = Math.max(1, slots - (slots > 2 ? 2 : 1));
    this.admit = options.admit ?? true;
  }

  get stats(): StoreGateStats {
    return {
      inUse: this.inUse,
      inUseBackground: this.inUseBackground,
      waiting: this.foreground.length + this.background.length,
      shed: this.shedCount,
    };
  }

  /** Take a slot for `context`'s work: at once when one is free, else in turn (or StoreBusyError). */
  acquire(context: StoreCallContext | undefined): Promise<void> {
    const background = context?.background === true;
    if (!this.admit || (this.free(background) && this.foreground.length === 0)) {
      this.take(background);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const queue = background ? this.background : this.foreground;
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        background,
        grant: () => {
          if (timer) clearTimeout(timer);
          this.take(background);
          resolve();
        },
      };
      queue.push(waiter);
      const budget = context?.waitBudgetMs;
      if (budget !== undefined) {
        timer = setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at === -1) return;
          queue.splice(at, 1);
          this.shedCount += 1;
          this.onShed?.();
          reject(new StoreBusyError(retryAfterSeconds()));
        }, budget);
      }
    });
  }

  release(background: boolean): void {
    this.inUse -= 1;
    if (background) this.inUseBackground -= 1;
    const next =
      this.foreground.length > 0
        ? this.foreground.shift()
        : this.free(true)
          ? this.background.shift()
          : undefined;
    next?.grant();
  }

  private free(background: boolean): boolean {
    return this.inUse < this.slots && (!background || this.inUseBackground < this.backgroundSlots);
  }

  private take(background: boolean): void {
    this.inUse += 1;
    if (background) this.inUseBackground += 1;
  }
}

/** A Retry-After of 1–3 s, spread so that shed clients do not all come back at once. */
export const retryAfterSeconds = () => 1 + Math.floor(Math.random() * 3);

/** The part of postgres.js's Query the gate relies on: it runs when its handler is called. */
interface QueryLike extends Promise<unknown> {
  handler: (query: QueryLike) => void;
  reject: (error: unknown) => void;
}

const isQuery = (value: unknown): value is QueryLike =>
  value instanceof Promise && typeof (value as Partial<QueryLike>).handler === 'function';

/**
 * Statements that may be sent named (docs/performance-log.md, "capacity, 2026-11-27, 10:23"):
 * Drizzle's query builder asks for every statement unnamed (`prepare: false`), which
 * postgres.js sends in two round trips and PostgreSQL parses at each execution. A named one
 * is parsed once per connection and then costs one round trip. Only texts that cannot vary
 * without end are named: a list (`in (…)`, one parameter per item) gives one text per
 * length, so a statement with more than NAMED_PARAMETERS_MAX parameters stays unnamed.
 */
const NAMED_PARAMETERS_MAX = 16;

/**
 * The options of a raw statement that must stay unnamed whatever its text (the search's,
 * docs/search.md): pass this very object to `unsafe`.
 */
export const ALWAYS_UNNAMED: postgres.UnsafeQueryOptions = Object.freeze({ prepare: false });

const mayBeNamed = (
  parameters: readonly unknown[] | undefined,
  queryOptions: postgres.UnsafeQueryOptions | undefined,
): boolean =>
  queryOptions !== ALWAYS_UNNAMED &&
  queryOptions?.prepare === false &&
  (parameters?.length ?? 0) <= NAMED_PARAMETERS_MAX;

/**
 * The pool's client with every query and transaction admitted by `gate` first. A query is
 * lazy in postgres.js (it runs when awaited, through its handler): the handler is wrapped,
 * so drizzle and raw SQL keep their query objects (.values(), .cancel()) unchanged. The
 * queries inside a transaction run on the connection the transaction already holds.
 * A query or transaction that fails because the store is away fails with
 * StoreUnavailableError (db/store-unavailable.ts): the one place the driver's faults are told.
 */
export function gatedClient(
  sql: postgres.Sql,
  gate: StoreGate,
  options: { nameStatements?: boolean } = {},
): postgres.Sql {
  const admit = <T>(query: T): T => {
    if (!isQuery(query)) return query;
    const run = query.handler;
    const rejectAs = query.reject;
    query.reject = (error) => rejectAs(classifyStoreError(error));
    query.handler = (q) => {
      const context = storeCalls.getStore();
      const background = context?.background === true;
      gate.acquire(context).then(
        () => {
          if (context) context.reachedStore = true;
          const release = () => gate.release(background);
          Promise.prototype.then.call(q, release, release);
          run(q);
        },
        (error: unknown) => q.reject(error),
      );
    };
    return query;
  };
  return new Proxy(sql, {
    apply: (target, self, args) => admit(Reflect.apply(target, self, args)),
    get(target, property, receiver) {
      if (property === 'unsafe') {
        return (...[text, parameters, queryOptions]: Parameters<postgres.Sql['unsafe']>) =>
          admit(
            target.unsafe(
              text,
              parameters,
              options.nameStatements && mayBeNamed(parameters, queryOptions)
                ? { ...queryOptions, prepare: true }
                : queryOptions,
            ),
          );
      }
      if (property === 'begin') {
        return async (...args: unknown[]) => {
          const context = storeCalls.getStore();
          await gate.acquire(context);
          if (context) context.reachedStore = true;
          try {
            return await (target.begin as (...a: unknown[]) => Promise<unknown>)(...args);
          } catch (error) {
            throw classifyStoreError(error);
          } finally {
            gate.release(context?.background === true);
          }
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
}
