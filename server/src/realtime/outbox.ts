import type { Connection } from './connection';

export interface OutboxOptions {
  /** Sockets handled per event-loop turn, for fan-out and for flushing alike. */
  chunkSize: number;
  /** A socket with more than this many bytes unsent is too slow: it is dropped (it will catch up). */
  maxBufferedBytes: number;
  onTooSlow(conn: Connection): void;
  /** Time (ms) one flush may hold the event loop before the rest waits for the next turn. */
  flushBudgetMs: number;
}

const TEXT = { binary: false } as const;

interface Delivery {
  targets: Connection[];
  next: number;
  payload: string;
  accept: ((conn: Connection) => boolean) | undefined;
}

/**
 * The write path of every socket on this node (issue 3, item 7):
 * - an event is serialized once per broadcast, and the same string is queued on each socket;
 * - everything queued on one socket during one event-loop turn goes out as ONE write, a JSON
 *   array when there is more than one event (shared/protocol.ts);
 * - a fan-out to more than `chunkSize` sockets continues on the next turns, and later
 *   deliveries wait behind it, so each socket still sees events in publication order.
 */
export class Outbox {
  /** Events queued on sockets, and WebSocket messages written (a batch counts once): GET /metrics. */
  readonly counts = { deliveries: 0, writes: 0 };
  private readonly pending: Delivery[] = [];
  private dirty: Connection[] = [];
  private flushScheduled = false;
  private drainScheduled = false;
  private lastQueue: string[] = [];
  private lastBytes = Buffer.alloc(0);

  constructor(private readonly options: OutboxOptions) {}

  /**
   * Queue `payload` on each target that `accept` (checked at delivery time) lets through.
   * `targets` is read now: pass a live Set only when it is delivered in this call.
   */
  deliver(
    targets: Iterable<Connection>,
    size: number,
    payload: string,
    accept?: (conn: Connection) => boolean,
  ): void {
    if (this.pending.length === 0 && size <= this.options.chunkSize) {
      for (const conn of targets) if (!accept || accept(conn)) this.enqueue(conn, payload);
      return;
    }
    this.pending.push({ targets: [...targets], next: 0, payload, accept });
    this.drain();
  }

  /** Queue one frame on one socket (after whatever fan-out is still pending). */
  send(conn: Connection, payload: string): void {
    if (this.pending.length === 0) this.enqueue(conn, payload);
    else this.pending.push({ targets: [conn], next: 0, payload, accept: undefined });
  }

  /** Write a socket's queue now, e.g. before closing it with a final frame. */
  flushConnection(conn: Connection): void {
    if (conn.queue.length > 0) this.write(conn);
  }

  get backlog(): number {
    return this.pending.reduce((n, d) => n + d.targets.length - d.next, 0);
  }

  private enqueue(conn: Connection, payload: string): void {
    if (conn.closed) return;
    this.counts.deliveries++;
    conn.queue.push(payload);
    if (conn.queue.length === 1) {
      this.dirty.push(conn);
      this.scheduleFlush();
    }
  }

  private readonly drain = (): void => {
    this.drainScheduled = false;
    let budget = this.options.chunkSize;
    while (this.pending.length > 0 && budget > 0) {
      const d = this.pending[0] as Delivery;
      const end = Math.min(d.targets.length, d.next + budget);
      for (let i = d.next; i < end; i++) {
        const conn = d.targets[i] as Connection;
        if (!d.accept || d.accept(conn)) this.enqueue(conn, d.payload);
      }
      budget -= end - d.next;
      d.next = end;
      if (d.next >= d.targets.length) this.pending.shift();
    }
    if (this.pending.length > 0 && !this.drainScheduled) {
      this.drainScheduled = true;
      setImmediate(this.drain);
    }
  };

  private scheduleFlush(): void {
    if (this.flushScheduled) return;
    this.flushScheduled = true;
    // setImmediate, not a microtask: everything that arrives in this turn's I/O (a burst of
    // broker messages, several REST handlers) is coalesced into the same write.
    setImmediate(this.flush);
  }

  /**
   * Write the dirty sockets, for at most `flushBudgetMs` per turn (and `chunkSize` sockets):
   * a fan-out to thousands of sockets then leaves the loop free every few milliseconds for
   * the requests and store answers behind it, so a message's trip through the server is not
   * held up by whole fan-outs. Events for a socket still waiting here join its queue and
   * leave in its one write.
   */
  private readonly flush = (): void => {
    this.flushScheduled = false;
    const started = performance.now();
    const dirty = this.dirty;
    const end = Math.min(dirty.length, this.options.chunkSize);
    let i = 0;
    while (i < end) {
      this.write(dirty[i] as Connection);
      i++;
      if ((i & 31) === 0 && performance.now() - started >= this.options.flushBudgetMs) break;
    }
    if (i === dirty.length) this.dirty = [];
    else dirty.splice(0, i);
    if (this.dirty.length > 0) this.scheduleFlush();
  };

  private write(conn: Connection): void {
    const queue = conn.queue;
    if (queue.length === 0 || conn.closed) return;
    conn.queue = [];
    if (conn.socket.bufferedAmount > this.options.maxBufferedBytes) {
      this.options.onTooSlow(conn);
      return;
    }
    this.counts.writes++;
    conn.socket.send(this.encode(queue), TEXT);
  }

  /**
   * The bytes of one socket's queue. The sockets of a topic usually have the very same
   * queue (the same payload strings, in order): the previous socket's bytes are then
   * reused, so a fan-out to N sockets encodes once, not N times.
   */
  private encode(queue: string[]): Buffer {
    const last = this.lastQueue;
    if (last.length === queue.length && last.every((payload, i) => payload === queue[i])) {
      return this.lastBytes;
    }
    const bytes = Buffer.from(queue.length === 1 ? (queue[0] as string) : `[${queue.join(',')}]`);
    this.lastQueue = queue;
    this.lastBytes = bytes;
    return bytes;
  }
}
