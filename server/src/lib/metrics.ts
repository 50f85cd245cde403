import {
  Counter,
  collectDefaultMetrics,
  Gauge,
  Histogram,
  Registry,
  type RegistryContentType,
} from 'prom-client';

/** One number, or one per label set. */
type Reading<L extends string> = number | Array<{ labels: Record<L, string>; value: number }>;

/** Seconds: from a millisecond round trip (1 ms) to a stalled one (10 s). */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10];

/**
 * The app's Prometheus series, one registry per app (built in app.ts, handed to every layer
 * in the context, never a global: two apps in one test process count apart). Each layer
 * declares its own series here: the realtime layer its sockets and frames, the messages
 * feature its send-to-ack time, ops/ the HTTP and store series (docs/operations.md lists
 * them). Hot paths keep plain numbers that a series reads at scrape time (`counterFrom`,
 * `gaugeFrom`), so that counting costs nothing when nobody scrapes.
 */
export class Metrics {
  readonly registry: Registry<RegistryContentType> = new Registry();
  /** Socket `send_message` → `message_ack`, as the server sees it (features/messages). */
  readonly sendAck: Histogram;
  /** Publish → receive through Redis, by the two nodes' clocks (realtime/hub.ts). */
  readonly brokerLag: Histogram;
  private readonly shed: Counter<'reason'>;

  constructor() {
    const registers = [this.registry];
    this.sendAck = new Histogram({
      name: 'ruche_send_ack_seconds',
      help: 'Time from a socket send_message to its message_ack (or message_rejected)',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.brokerLag = new Histogram({
      name: 'ruche_broker_lag_seconds',
      help: 'Time from publish on one node to receipt on this one, through Redis (node clocks)',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.shed = new Counter({
      name: 'ruche_shed_requests_total',
      help: 'Requests and frames refused because the node is overloaded',
      labelNames: ['reason'],
      registers,
    });
  }

  /** One request (or frame) refused to protect the node: what load shedding calls. */
  countShed(reason = 'overload'): void {
    this.shed.inc({ reason });
  }

  /** A monotonic total kept elsewhere as a plain number, read at scrape time. */
  counterFrom(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  /**
   * A value read at scrape time, possibly per label set: `read` returns one number, or a
   * list of label sets and values.
   */
  gaugeFrom<L extends string = never>(
    name: string,
    help: string,
    read: () => Reading<L> | Promise<Reading<L>>,
    labelNames: readonly L[] = [],
  ): void {
    new Gauge<L>({
      name,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        const value = await read();
        this.reset();
        if (typeof value === 'number') {
          this.set(value);
          return;
        }
        for (const sample of value) this.set(sample.labels as never, sample.value);
      },
    });
  }

  histogram<L extends string>(
    name: string,
    help: string,
    labelNames: readonly L[],
    buckets = LATENCY_BUCKETS,
  ): Histogram<L> {
    return new Histogram<L>({ name, help, labelNames, buckets, registers: [this.registry] });
  }

  /** Process series (CPU, memory, handles) and the event-loop delay, prom-client's own. */
  collectProcessMetrics(): void {
    collectDefaultMetrics({ register: this.registry });
  }

  render(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
