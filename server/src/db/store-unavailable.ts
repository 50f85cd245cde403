/**
 * The store is away (docs/operations.md, "The store restarts"): PostgreSQL restarting, the
 * network to it cut, the embedded store's process gone. The work did not fail, the store is
 * absent for now; every path answers it the same way, as retryable — 503 with a retry hint
 * over HTTP, `message_rejected` 503 with `retryAfterMs` on a socket — never as a 500.
 *
 * The driver's errors are classified here once, where they arise (the gated client,
 * db/store-gate.ts, turns each into a StoreUnavailableError): callers only ask
 * `storeRefusal` (lib/errors.ts), never for the driver's codes.
 */
export const STORE_AWAY_MESSAGE = 'Le stockage ne répond pas : réessayez dans quelques instants';

/** The retry hint of a store away: a restart takes seconds (docs/operations.md). */
export const STORE_AWAY_RETRY_SECONDS = 5;

export class StoreUnavailableError extends Error {
  readonly retryAfterSeconds = STORE_AWAY_RETRY_SECONDS;

  constructor(cause: unknown) {
    super(STORE_AWAY_MESSAGE, { cause });
  }
}

/**
 * postgres.js's connection faults (refused, reset, closed under a query, ended, timed out),
 * and PostgreSQL's: class 08 (connection exception), 57P01–57P03 (admin shutdown, crash
 * shutdown, cannot connect now: a restart's), 53300 (too many connections).
 */
const CONNECTION_FAULTS = new Set([
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  '53300',
]);

const isConnectionFault = (code: unknown): boolean =>
  typeof code === 'string' && (CONNECTION_FAULTS.has(code) || /^(08...|57P0[123])$/.test(code));

/**
 * The driver's error as the app sees it: a connection fault becomes StoreUnavailableError.
 * Inside a transaction Drizzle has wrapped the driver's error already: its causes count.
 */
export function classifyStoreError(error: unknown): unknown {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if (e instanceof StoreUnavailableError) return error;
    if (isConnectionFault((e as { code?: unknown }).code)) return new StoreUnavailableError(error);
  }
  return error;
}
