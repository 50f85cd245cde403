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
