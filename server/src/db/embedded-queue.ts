import type { PGlite } from '@electric-sql/pglite';

/**
 * Extended-protocol messages that leave an exchange open until its Sync: Parse, Bind,
 * Describe, Execute, Close, Flush.
 */
const OPENS_EXCHANGE = new Set([...'PBDECH'].map((c) => c.charCodeAt(0)));
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

interface Pending {
  handlerId: number;
  message: Uint8Array;
  onData: (data: Uint8Array) => void;
  resolve: (bytes: number) => void;
  reject: (error: unknown) => void;
}

/**
 * The one queue in front of the single PGlite session that every client connection of the
 * embedded store shares (docs/scaling.md). pglite-socket's own queue keeps a transaction's messages
 * together but lets other connections' messages in between the Parse, Bind and Execute of
 * one query, so one connection could bind or run another's unnamed statement ("bind message
 * supplies 2 parameters, but prepared statement "" requires 0"). Here the connection that
 * started an exchange (up to its Sync) or a transaction (up to its end) has the session to
 * itself until it is done; a failing message never stalls the queue.
 */
export class ExchangeQueue {
  private readonly pending: Pending[] = [];
  private processing = false;
  /** The connection whose exchange or transaction is under way. */
  private owner: number | null = null;
  private exchangeOpen = false;

  constructor(private readonly db: PGlite) {}

  enqueue(handlerId: number, message: Uint8Array, onData: Pending['onData']): Promise<number> {
    return new Promise((resolve, reject) => {
      this.pending.push({ handlerId, message, onData, resolve, reject });
      void this.process();
    });
  }

  getQueueLength(): number {
    return this.pending.length;
  }

  /** A connection went away: drop what it still had queued. */
  clearQueueForHandler(handlerId: number): void {
    for (let i = this.pending.length - 1; i >= 0; i--) {
      const item = this.pending[i]!;
      if (item.handlerId !== handlerId) continue;
      this.pending.splice(i, 1);
      item.reject(new Error('Handler disconnected'));
    }
  }

  /** A connection went away in the middle of an exchange or a transaction: end them for it. */
  async clearTransactionIfNeeded(handlerId: number): Promise<void> {
    if (this.owner !== handlerId) return;
    await this.db.runExclusive(async () => {
      if (this.exchangeOpen) await this.db.execProtocolRawStream(SYNC, { onRawData: () => {} });
      if (this.db.isInTransaction()) await this.db.exec('ROLLBACK');
    });
    this.owner = null;
    this.exchangeOpen = false;
    await this.process();
  }

  private reserved(): boolean {
    return this.owner !== null && (this.exchangeOpen || this.db.isInTransaction());
  }

  private async process(): Promise<void> {
    if (this.processing) return;
    this.processing = true;
    try {
      while (this.pending.length > 0) {
        // While a connection holds the session, only its own messages run, in order.
        const index = this.reserved()
          ? this.pending.findIndex((item) => item.handlerId === this.owner)
          : 0;
        if (index === -1) break;
        const [item] = this.pending.splice(index, 1);
        if (!item) break;
        let bytes = 0;
        try {
          await this.db.runExclusive(() =>
            this.db.execProtocolRawStream(item.message, {
              onRawData: (data) => {
                bytes += data.length;
                item.onData(data);
              },
            }),
          );
        } catch (error) {
          item.reject(error);
          continue;
        }
        this.owner = item.handlerId;
        this.exchangeOpen = OPENS_EXCHANGE.has(item.message[0]!);
        item.resolve(bytes);
      }
    } finally {
      this.processing = false;
    }
  }
}
