import type { Log } from './broker-redis';

export interface HeartbeatDeps {
  /** Every period: presence's own heartbeat and the away rule (Presence.tick). */
  presence(): Promise<void>;
  /** Every `pingsEvery` periods: sockets that did not answer the last ping are dropped. */
  ping(): void;
  log: Log;
}

/** A socket must answer a ping within this many heartbeats, or it is dropped. */
const PINGS_PER_HEARTBEAT = 3;

/** The hub's clock: presence every period, a ping round every third. */
export class Heartbeat {
  private timer: NodeJS.Timeout | undefined;
  private ticks = 0;

  constructor(private readonly deps: HeartbeatDeps) {}

  start(periodMs: number): void {
    this.timer = setInterval(() => void this.tick(), periodMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    this.ticks++;
    if (this.ticks % PINGS_PER_HEARTBEAT === 0) this.deps.ping();
    await this.deps.presence().catch((err: unknown) => {
      this.deps.log.warn({ err }, 'presence heartbeat failed');
    });
  }
}
