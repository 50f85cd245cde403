import { type Identity, identityTopics, subjectOf } from './identity';

/** What the hub needs of a socket: `ws`'s WebSocket in production, a fake in unit tests. */
export interface RawSocket {
  /** A text frame: a string, or its UTF-8 bytes (one encoding shared by many sockets). */
  send(data: string | Buffer, options: { binary: boolean }): void;
  readonly bufferedAmount: number;
  close(code?: number, reason?: string): void;
  terminate(): void;
  ping(): void;
}

/** A client frame already validated against its registered schema, waiting for `ready`. */
export interface PendingFrame {
  type: string;
  frame: unknown;
}

let nextId = 1;

/** One open socket on this node, with its outgoing queue and what it is subscribed to. */
export class Connection {
  readonly id = nextId++;
  /** The identity's own topics, held from open to close. */
  readonly fixedTopics: readonly string[];
  /** Topics granted by the topic kinds (at load, by join frames, by membership changes). */
  readonly topics = new Set<string>();
  /**
   * The topic the socket's user has on screen (Socket.view), if any: events published for a
   * topic's viewers only reach the sockets viewing it (docs/realtime.md, "Viewing").
   */
  viewing: string | undefined = undefined;
  /** Frames waiting for this turn's flush (already serialized). */
  queue: string[] = [];
  /** Until the subscriptions are loaded, removals are remembered so a late load cannot undo them. */
  loading = true;
  readonly removedWhileLoading = new Set<string>();
  /** Client frames that arrived before the subscriptions were loaded, handled after. */
  readonly pendingFrames: PendingFrame[] = [];
  lastActivity = Date.now();
  /** Cleared before each heartbeat ping, set again by the pong. */
  alive = true;
  closed = false;
  /** Called once when the socket closes (Socket.onClosed). */
  readonly closeListeners: (() => void)[] = [];
  /** Settles once the subscriptions are loaded and `ready` is queued. */
  ready: Promise<void> = Promise.resolve();
  /** Who `except` compares with: the user id, or the scoped holder's subject. */
  readonly subject: string;

  constructor(
    readonly socket: RawSocket,
    readonly identity: Identity,
  ) {
    this.fixedTopics = identityTopics(identity);
    this.subject = subjectOf(identity);
  }

  /** The signed-in user, if this socket is one (presence counts only these). */
  get userId(): string | undefined {
    return this.identity.kind === 'user' ? this.identity.userId : undefined;
  }

  has(topic: string): boolean {
    return this.topics.has(topic) || this.fixedTopics.includes(topic);
  }
}
