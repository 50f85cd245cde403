/**
 * How the server closes a socket, and what the client makes of it (shared/protocol.ts, "Close
 * codes"). Apart from connection.ts, which builds zod schemas: the web's first load reads
 * these and must not bring zod along (web/src/app/bundle-budget.test.ts).
 */
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_SLOW = 4408;
/**
 * The node cannot take this socket now (overloaded, or letting a reconnect storm in
 * gradually): the close reason is JSON `{ "retryMs": n }`, the wait before trying again, to
 * which the client adds its own jitter.
 */
export const CLOSE_TRY_LATER = 4503;

/** The wait a CLOSE_TRY_LATER close's reason names, in ms; null when it names none. */
export function tryLaterRetryMs(reason: string | undefined): number | null {
  try {
    const retryMs = (JSON.parse(reason ?? '') as { retryMs?: unknown } | null)?.retryMs;
    return Number.isSafeInteger(retryMs) && (retryMs as number) >= 0 ? (retryMs as number) : null;
  } catch {
    return null;
  }
}

/**
 * The node is going away (a deploy, a restart: SIGTERM drains it). RFC 6455's "Service
 * Restart": the client reconnects, through the load balancer to another node, after a
 * random delay of up to RESTART_RECONNECT_MAX_MS, so that a node's sockets do not all land
 * on the others at once.
 */
export const CLOSE_SERVICE_RESTART = 1012;
export const RESTART_RECONNECT_MAX_MS = 5000;
