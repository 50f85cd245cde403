import { QUEUE_FLUSH_RETRY_MS, SOCKET_RECONNECT_MS } from '#shared/limits';
import type { ClientFrame, ServerEvent } from '#shared/protocol';
import {
  CLOSE_SERVICE_RESTART,
  CLOSE_SESSION_ENDED,
  CLOSE_TRY_LATER,
  RESTART_RECONNECT_MAX_MS,
  tryLaterRetryMs,
} from '#shared/protocol/close-codes';
import { parseServerFrame } from '#shared/protocol/read-frame';
import { overloadNotice } from './overload-notice';

/**
 * The live socket of docs/product.md §4, as a small state machine with no React in it:
 * - it reconnects 3 s after any close it did not ask for; after a random 0–5 s when the
 *   node restarts (1012: a deploy; the load balancer sends it to another node); when the
 *   server sent it away for now (CLOSE_TRY_LATER: overloaded, or admitting a reconnect storm
 *   gradually), after the wait the server named plus up to a second at random
 *   (docs/scaling.md, "Overload");
 * - on (re)opening it sends auth, then what the features ask to send again on every open
 *   (`resendOnOpen`: the channel joined, a non-online presence), then flushes the frames
 *   queued while it was down (retrying every 100 ms);
 * - every open is announced, so that the app can ask the server for what it missed.
 * The WebSocket constructor and the timers are injected so that tests drive it by hand;
 * it uses no DOM type, so the server's drain test (server/src/ops/drain.pg.test.ts) runs it
 * under Node against real nodes.
 */

/** The part of the browser's WebSocket this client uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: unknown) => void) | null;
  onclose: ((event: { code?: number; reason?: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export type SocketFactory = (url: string) => SocketLike;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export type ConnectionState = 'idle' | 'connecting' | 'open' | 'closed';

export interface OpenInfo {
  /** False on the first open after start(), true after a reconnect. */
  reconnected: boolean;
}

export interface RealtimeSocketOptions {
  url: string;
  createSocket: SocketFactory;
  timers?: Timers;
  reconnectMs?: number;
  flushRetryMs?: number;
  /** Math.random by default: the spread of reconnects after a node restart. */
  random?: () => number;
}

const OPEN = 1;

const defaultTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** docs/product.md §7: /ws on the page's host (secure when the page is), or the native app's fixed host. */
export function socketUrl(location: { protocol: string; host: string }, apiOrigin = ''): string {
  if (apiOrigin) {
    const origin = new URL(apiOrigin);
    return `${origin.protocol === 'https:' ? 'wss' : 'ws'}://${origin.host}/ws`;
  }
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`;
}

/**
 * The events of one WebSocket message (parseServerFrame, shared/protocol/read-frame.ts). A message that
 * is not one (binary, or text that is not JSON) is a fault of the server's, never of the
 * user's: it is reported and dropped, and the socket goes on (docs/realtime.md, "Reading
 * the wire").
 */
export function readServerMessage(data: unknown): ServerEvent[] {
  try {
    if (typeof data !== 'string') throw new TypeError('binary WebSocket message');
    return parseServerFrame(data);
  } catch (error) {
    console.error('unreadable server message', error);
    return [];
  }
}

/** The wait a CLOSE_TRY_LATER close names (3 s when its reason cannot be read). */
function retryHint(reason: string | undefined): number {
  return tryLaterRetryMs(reason) ?? SOCKET_RECONNECT_MS;
}

export class RealtimeSocket {
  private socket: SocketLike | null = null;
  private state: ConnectionState = 'idle';
  private userId: string | null = null;
  private stopped = true;
  private openedOnce = false;
  private readonly queue: string[] = [];
  private reconnectTimer: unknown = null;
  /** Ends the "très sollicité" notice shown while the server has sent this socket away. */
  private endOverloadNotice: (() => void) | null = null;
  private flushTimer: unknown = null;
  private readonly eventListeners = new Set<(event: ServerEvent) => void>();
  private readonly openListeners = new Set<(info: OpenInfo) => void>();
  private readonly resends = new Set<() => ClientFrame | undefined>();
  private readonly stateListeners = new Set<(state: ConnectionState) => void>();
  private readonly sessionEndedListeners = new Set<() => void>();
  private readonly timers: Timers;
  private readonly reconnectMs: number;
  private readonly flushRetryMs: number;

  constructor(private readonly options: RealtimeSocketOptions) {
    this.timers = options.timers ?? defaultTimers;
    this.reconnectMs = options.reconnectMs ?? SOCKET_RECONNECT_MS;
    this.flushRetryMs = options.flushRetryMs ?? QUEUE_FLUSH_RETRY_MS;
  }

  get connectionState(): ConnectionState {
    return this.state;
  }

  /** Whether this socket has been open since start(): a close after that is a lost link. */
  get hasConnected(): boolean {
    return this.openedOnce;
  }

  get queuedCount(): number {
    return this.queue.length;
  }

  start(userId: string): void {
    this.userId = userId;
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  /** Closes for good (sign-out, unmount): no reconnect, queue dropped. */
  stop(): void {
    this.stopped = true;
    this.openedOnce = false;
    this.queue.length = 0;
    this.clearTimer('reconnectTimer');
    this.clearTimer('flushTimer');
    this.setOverloaded(false);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      socket.close(1000, 'stop');
    }
    this.setState('idle');
  }

  /**
   * The network went away (the browser's `offline` event): the socket may look open for
   * minutes before TCP notices, so it is dropped now and the usual 3 s retries begin.
   */
  dropConnection(): void {
    const socket = this.socket;
    if (this.stopped || !socket) return;
    socket.close(4000, 'offline');
    this.handleClose(socket);
  }

  /** The network is back (the `online` event): no need to wait for the next 3 s retry. */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    this.clearTimer('reconnectTimer');
    this.connect();
  }

  /**
   * Sends now when open; otherwise queues (docs/product.md §4) unless `queue` is false — a typing
   * signal, say, is worthless once late. Returns whether the frame went out now.
   */
  send(frame: ClientFrame, { queue = true }: { queue?: boolean } = {}): boolean {
    const data = JSON.stringify(frame);
    if (this.isOpen() && this.queue.length === 0 && this.trySend(data)) return true;
    if (queue) {
      this.queue.push(data);
      this.scheduleFlush();
    }
    return false;
  }

  /**
   * Sends now if open, ahead of any queued frame; otherwise drops it. For state the server
   * keeps per socket, whose latest value a `resendOnOpen` sends again on the next open.
   */
  sendIfOpen(frame: ClientFrame): boolean {
    return this.isOpen() && this.trySend(JSON.stringify(frame));
  }

  /**
   * State the server keeps per socket and forgets with it (the channel on screen, a chosen
   * presence): `frame` is asked on every open, after `auth` and before the queued frames,
   * and what it returns is sent. Features register their own, in their own files
   * (docs/realtime.md, "Reconnecting"); they are asked in the order they registered.
   */
  resendOnOpen(frame: () => ClientFrame | undefined): () => void {
    this.resends.add(frame);
    return () => this.resends.delete(frame);
  }

  onEvent(listener: (event: ServerEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  onOpen(listener: (info: OpenInfo) => void): () => void {
    this.openListeners.add(listener);
    return () => this.openListeners.delete(listener);
  }

  /** The server closed with 4401: the session is over, there is nothing to reconnect to. */
  onSessionEnded(listener: () => void): () => void {
    this.sessionEndedListeners.add(listener);
    return () => this.sessionEndedListeners.delete(listener);
  }

  onStateChange(listener: (state: ConnectionState) => void): () => void {
    this.stateListeners.add(listener);
    return () => this.stateListeners.delete(listener);
  }

  private connect(): void {
    this.reconnectTimer = null;
    if (this.stopped) return;
    this.setState('connecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => this.handleOpen(socket);
    socket.onclose = (event) => this.handleClose(socket, event?.code, event?.reason);
    // An error is always followed by a close; the close handler reconnects.
    socket.onerror = () => {};
    socket.onmessage = (event) => {
      for (const serverEvent of readServerMessage(event.data)) this.emit(serverEvent);
    };
  }

  private handleOpen(socket: SocketLike): void {
    if (socket !== this.socket) return;
    const reconnected = this.openedOnce;
    this.openedOnce = true;
    this.setOverloaded(false);
    this.setState('open');
    // docs/product.md §4, in this order: auth, the features' state (rejoin, non-online
    // presence), then the queue.
    if (this.userId) this.trySend(JSON.stringify({ type: 'auth', userId: this.userId }));
    for (const resend of this.resends) {
      const frame = resend();
      if (frame) this.trySend(JSON.stringify(frame));
    }
    this.flush();
    for (const listener of this.openListeners) listener({ reconnected });
  }

  private handleClose(socket: SocketLike, code?: number, reason?: string): void {
    if (socket !== this.socket) return;
    this.socket = null;
    this.clearTimer('flushTimer');
    if (code === CLOSE_SESSION_ENDED) {
      this.stop();
      for (const listener of this.sessionEndedListeners) listener();
      return;
    }
    this.setState('closed');
    const random = this.options.random ?? Math.random;
    const tryLaterMs = code === CLOSE_TRY_LATER ? retryHint(reason) : undefined;
    this.setOverloaded(tryLaterMs !== undefined);
    if (tryLaterMs !== undefined) this.scheduleReconnect(tryLaterMs + random() * 1000);
    // A draining node closes all its sockets at once: spread them over the other nodes.
    else if (code === CLOSE_SERVICE_RESTART) {
      this.scheduleReconnect(Math.floor(random() * RESTART_RECONNECT_MAX_MS));
    } else this.scheduleReconnect();
  }

  private scheduleReconnect(delayMs = this.reconnectMs): void {
    if (this.stopped || this.reconnectTimer !== null) return;
    this.reconnectTimer = this.timers.setTimeout(() => this.connect(), delayMs);
  }

  private setOverloaded(overloaded: boolean): void {
    if (overloaded && !this.endOverloadNotice) this.endOverloadNotice = overloadNotice.begin();
    if (!overloaded && this.endOverloadNotice) {
      this.endOverloadNotice();
      this.endOverloadNotice = null;
    }
  }

  private flush(): void {
    this.flushTimer = null;
    while (this.queue.length > 0) {
      if (!this.isOpen() || !this.trySend(this.queue[0]!)) {
        this.scheduleFlush();
        return;
      }
      this.queue.shift();
    }
  }

  /** docs/product.md §4: the flush retries every 100 ms while frames wait (only while a socket exists). */
  private scheduleFlush(): void {
    if (this.flushTimer !== null || this.queue.length === 0 || this.stopped) return;
    if (!this.socket) return; // closed: the next open flushes
    this.flushTimer = this.timers.setTimeout(() => this.flush(), this.flushRetryMs);
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private trySend(data: string): boolean {
    try {
      this.socket?.send(data);
      return this.socket !== null;
    } catch {
      return false;
    }
  }

  private emit(event: ServerEvent): void {
    for (const listener of this.eventListeners) {
      try {
        listener(event);
      } catch (error) {
        console.error('realtime listener failed', error);
      }
    }
  }

  private setState(state: ConnectionState): void {
    if (state === this.state) return;
    this.state = state;
    for (const listener of this.stateListeners) listener(state);
  }

  private clearTimer(name: 'reconnectTimer' | 'flushTimer'): void {
    if (this[name] !== null) this.timers.clearTimeout(this[name]);
    this[name] = null;
  }
}
