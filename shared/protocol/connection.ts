/**
 * Frames about the connection itself (server/src/realtime/ handles them): the socket's
 * identity check, keep-alive, and the events that tell a client where its socket stands.
 */
import { z } from 'zod';

/** Ids in frames: bounded, never empty. */
export const frameId = z.string().min(1).max(64);

/** Must name the session's own user; another id closes the socket (docs/product.md §10.6). */
export const AuthFrameSchema = z.object({ type: z.literal('auth'), userId: frameId });
export const PingFrameSchema = z.object({ type: z.literal('ping') });

export type ConnectionEvent =
  /** Subscriptions are live: catch up with `?after=<seq>` now. */
  | { type: 'ready'; userId: string }
  /** Events may have been lost (the node lost its broker subscription): catch up again. */
  | { type: 'resync' }
  | { type: 'auth_ok'; userId: string }
  | { type: 'error'; message: string }
  | { type: 'pong' };

export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_SESSION_ENDED = 4401;
export const CLOSE_TOO_SLOW = 4408;
/**
 * The node cannot take this socket now (overloaded, or letting a reconnect storm in
 * gradually): the close reason is JSON `{ "retryMs": n }`, the wait before trying again, to
 * which the client adds its own jitter.
 */
export const CLOSE_TRY_LATER = 4503;

/** The retry hint a CLOSE_TRY_LATER close carries in its reason. */
export const TryLaterReasonSchema = z.object({ retryMs: z.number().int().nonnegative() });

/**
 * The node is going away (a deploy, a restart: SIGTERM drains it). RFC 6455's "Service
 * Restart": the client reconnects, through the load balancer to another node, after a
 * random delay of up to RESTART_RECONNECT_MAX_MS, so that a node's sockets do not all land
 * on the others at once.
 */
export const CLOSE_SERVICE_RESTART = 1012;
export const RESTART_RECONNECT_MAX_MS = 5000;
