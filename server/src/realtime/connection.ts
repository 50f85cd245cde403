import type { TypingUser } from '#shared/messages';
import type { ClientFrame } from '#shared/protocol';

/** What the hub needs of a socket: `ws`'s WebSocket in production, a fake in unit tests. */
export interface RawSocket {
  /** A text frame: a string, or its UTF-8 bytes (one encoding shared by many sockets). */
  send(data: string | Buffer, options: { binary: boolean }): void;
  readonly bufferedAmount: number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

let nextId = 1;
const SETTLED = Promise.resolve();

/** One open socket on this node, with its outgoing queue and what it is subscribed to. */
export class Connection {
  readonly id = nextId++;
  /** The channels whose events reach this socket: every channel its user belongs to. */
  readonly channels = new Set<string>();
  /** The channel the client has open (join_channel). */
  activeChannelId: string | null = null;
  /** Frames waiting for this turn's flush (already serialized). */
  queue: string[] = [];
  /** Until the subscriptions are loaded, removals are remembered so a late load cannot undo them. */
  loading = true;
  readonly removedWhileLoading = new Set<string>();
  /** Client frames that arrived before the subscriptions were loaded, handled after. */
  readonly pendingFrames: ClientFrame[] = [];
  /** The socket's sends, stored one after the other (see Hub.handleSend). */
  sending: Promise<void> = SETTLED;
  sendsInFlight = 0;
  lastActivity = Date.now();
  /** Cleared before each heartbeat ping, set again by the pong. */
  alive = true;
  closed = false;
  /** Settles once the subscriptions are loaded and `ready` is queued. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    readonly socket: RawSocket,
    readonly userId: string,
    readonly sessionId: string,
    /** Who this is, as typing_update shows it. */
    readonly profile: TypingUser,
  ) {}
}
