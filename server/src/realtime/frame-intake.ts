import type { z } from 'zod';
import type { ServerEvent } from '#shared/protocol';
import { HttpError } from '../lib/errors';
import { TokenBuckets } from '../lib/token-bucket';
import type { Log } from './broker-redis';
import type { Connection } from './connection';
import type { Identity } from './identity';
import type { FrameHandler, FrameOptions, Socket } from './realtime';

const MAX_PENDING_FRAMES = 50;
/** Frames refused in a row before the socket is closed: a client that ignores 429s. */
const FLOOD_CLOSE_AFTER = 200;
const TOO_MANY_FRAMES = new HttpError(429, 'Trop de trames : ralentissez');
const TOO_MANY_PENDING = new HttpError(429, 'Trop de trames en attente : réessayez');

interface FrameEntry {
  schema: z.ZodType;
  handler: FrameHandler<Identity, unknown>;
  options: FrameOptions<Identity, unknown>;
  /** Signed-in users only (onFrame), or any identity (onAnyFrame). */
  anyIdentity: boolean;
}

export interface FrameIntakeDeps {
  /** Client frames one socket may send per second (a token bucket of twice that). */
  framesPerSecond: number;
  /** The handle a frame handler gets for this connection. */
  socketFor(conn: Connection): Socket;
  reply(conn: Connection, event: ServerEvent): void;
  disconnect(conn: Connection, code: number, reason: string, hard: boolean): void;
  /** A frame that shows the user is there arrived (Presence.active). */
  active(userId: string): void;
  log: Log;
}

const typeOf = (value: unknown): string | undefined =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { type?: unknown }).type === 'string'
    ? (value as { type: string }).type
    : undefined;

/**
 * Client frames on their way in: the types the features registered (onFrame), each frame
 * validated by its schema, counted against the socket's flood limit (docs/security.md,
 * finding 6), held while the socket still loads its subscriptions, then handed to its
 * handler.
 */
export class FrameIntake {
  private readonly frames = new Map<string, FrameEntry>();
  private readonly limit: TokenBuckets<Connection>;
  private readonly refusedInARow = new WeakMap<Connection, number>();
  /** Client frames received (GET /metrics). */
  received = 0;

  constructor(private readonly deps: FrameIntakeDeps) {
    this.limit = new TokenBuckets(deps.framesPerSecond * 2, deps.framesPerSecond);
  }

  register(
    type: string,
    schema: z.ZodType,
    handler: FrameHandler<Identity, unknown>,
    options: FrameOptions<Identity, unknown>,
    anyIdentity: boolean,
  ): void {
    if (this.frames.has(type)) throw new Error(`frame ${type} registered twice`);
    this.frames.set(type, { schema, handler, options, anyIdentity });
  }

  async handle(conn: Connection, text: string): Promise<void> {
    if (conn.closed) return;
    this.received++;
    let type: string | undefined;
    let parsed: unknown;
    let entry: FrameEntry | undefined;
    try {
      const raw: unknown = JSON.parse(text);
      type = typeOf(raw);
      entry = type === undefined ? undefined : this.frames.get(type);
      if (!entry) throw new Error('unknown frame');
      const result = entry.schema.safeParse(raw);
      if (!result.success) throw result.error;
      parsed = result.data;
    } catch {
      this.deps.reply(conn, { type: 'error', message: 'Trame invalide' });
      return;
    }
    if (!entry.anyIdentity && conn.identity.kind !== 'user') {
      this.deps.reply(conn, { type: 'error', message: 'Trame non autorisée' });
      return;
    }
    if (this.limit.take(conn) > 0) {
      this.refuse(conn, entry, parsed);
      return;
    }
    this.refusedInARow.delete(conn);
    if (conn.loading) {
      if (conn.pendingFrames.length < MAX_PENDING_FRAMES) {
        conn.pendingFrames.push({ type: type as string, frame: parsed });
      } else {
        // A frame whose sender waits for an answer is never dropped without a word.
        entry.options.refuse?.(this.deps.socketFor(conn), parsed, TOO_MANY_PENDING);
      }
      return;
    }
    return this.dispatch(conn, entry, parsed);
  }

  /** The socket's subscriptions are loaded: the frames that waited for them, in order. */
  async handlePending(conn: Connection): Promise<void> {
    for (const pending of conn.pendingFrames.splice(0)) {
      const entry = this.frames.get(pending.type);
      if (entry) await this.dispatch(conn, entry, pending.frame);
    }
  }

  /** The socket closed. */
  forget(conn: Connection): void {
    this.limit.forget(conn);
  }

  /** Over the flood limit: a 429, and the socket closed once it ignores too many of them. */
  private refuse(conn: Connection, entry: FrameEntry, parsed: unknown): void {
    const refused = (this.refusedInARow.get(conn) ?? 0) + 1;
    this.refusedInARow.set(conn, refused);
    if (refused > FLOOD_CLOSE_AFTER) {
      this.deps.disconnect(conn, 1008, 'Trop de trames', false);
      return;
    }
    // A frame whose sender waits for an answer gets its 429; others an error frame.
    if (entry.options.refuse)
      entry.options.refuse(this.deps.socketFor(conn), parsed, TOO_MANY_FRAMES);
    else this.deps.reply(conn, { type: 'error', message: TOO_MANY_FRAMES.message });
  }

  private async dispatch(conn: Connection, entry: FrameEntry, parsed: unknown): Promise<void> {
    const activity = entry.options.activity ?? 'active';
    if (activity !== 'none') {
      conn.lastActivity = Date.now();
      if (activity === 'active' && conn.userId) this.deps.active(conn.userId);
    }
    try {
      await entry.handler(this.deps.socketFor(conn), parsed);
    } catch (err) {
      this.deps.log.warn({ err }, 'realtime frame handler failed');
    }
  }
}
