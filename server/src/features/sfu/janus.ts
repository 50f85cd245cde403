import { EventEmitter } from 'node:events';
import Janode, { type JanodeConnection, type JanodeSession } from 'janode';
import VideoRoomPlugin, { type VideoRoomHandle } from 'janode/plugins/videoroom';

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

Janode.Logger.setLevel('none');

/** How often to try Janus again while it is down. */
const RETRY_MS = 1000;

/**
 * The server's one Janus session (docs/calls.md), kept open: connected at start, and again
 * after Janus goes away (restart, crash, network). Each time the session is lost, `reset`
 * is emitted: every room and handle on it is gone, and Janus must be told everything anew.
 */
export class JanusLink extends EventEmitter<{ reset: []; up: [] }> {
  private connection: JanodeConnection | undefined;
  private current: JanodeSession | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  /** Bumped each time a session is lost: work begun on an older one is void. */
  generation = 0;

  constructor(
    private readonly url: string,
    public log: Log,
  ) {
    super();
  }

  start(): void {
    void this.connect();
  }

  get session(): JanodeSession | undefined {
    return this.current;
  }

  /** A new handle on the VideoRoom plugin, or undefined while Janus is unreachable. */
  async attach(): Promise<VideoRoomHandle | undefined> {
    const session = this.current;
    if (!session) return undefined;
    return session.attach<VideoRoomHandle>(VideoRoomPlugin);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    try {
      const connection = await Janode.connect({
        address: [{ url: this.url }],
        retry_time_secs: 1,
        max_retries: 1,
      });
      if (this.stopped) {
        await connection.close().catch(() => undefined);
        return;
      }
      connection.on('error', () => undefined);
      const session = await connection.create(15);
      this.connection = connection;
      this.current = session;
      const lost = () => this.lost(session);
      connection.once(Janode.EVENT.CONNECTION_CLOSED as string, lost);
      connection.once(Janode.EVENT.CONNECTION_ERROR as string, lost);
      session.once(Janode.EVENT.SESSION_DESTROYED as string, lost);
      this.log.info({ url: this.url }, 'sfu: connected to Janus');
      this.emit('up');
    } catch (err) {
      if (!this.stopped) {
        this.log.warn({ err, url: this.url }, 'sfu: Janus unreachable, trying again');
        this.timer = setTimeout(() => void this.connect(), RETRY_MS);
      }
    }
  }

  private lost(session: JanodeSession): void {
    if (this.current !== session) return;
    this.current = undefined;
    this.generation++;
    const connection = this.connection;
    this.connection = undefined;
    connection?.close().catch(() => undefined);
    this.log.warn({ url: this.url }, 'sfu: lost Janus, reconnecting');
    this.emit('reset');
    if (!this.stopped) this.timer = setTimeout(() => void this.connect(), RETRY_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const connection = this.connection;
    this.current = undefined;
    this.connection = undefined;
    await connection?.close().catch(() => undefined);
  }
}
