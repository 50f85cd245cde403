/**
 * A TCP relay on a loopback port, for tests that need a dependency to go away and come
 * back (PostgreSQL, Redis) without stopping the one the machine shares, or a load balancer
 * in front of several nodes: a connection that an upstream refuses goes to the next one,
 * as nginx does with a node that stopped listening. Upstreams are taken in turn
 * (`round-robin`) or always in the order given (`failover`).
 */
import net from 'node:net';

export interface Upstream {
  host: string;
  port: number;
}

export class TcpProxy {
  private readonly open = new Set<net.Socket>();
  private cutOff = false;
  private trap: ((fromClient: Buffer) => boolean) | undefined;
  private next = 0;

  private constructor(
    private readonly server: net.Server,
    private readonly upstreams: Upstream[],
    private readonly order: 'round-robin' | 'failover',
  ) {
    server.on('connection', (client) => this.relay(client));
  }

  static async start(
    upstreams: Upstream[],
    { order = 'round-robin' }: { order?: 'round-robin' | 'failover' } = {},
  ): Promise<TcpProxy> {
    const server = net.createServer({ pauseOnConnect: true });
    const proxy = new TcpProxy(server, upstreams, order);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return proxy;
  }

  /** `postgres://…@127.0.0.1:5432/db` → the same through this proxy. */
  static upstreamOf(url: string): Upstream {
    const { hostname, port } = new URL(url);
    return { host: hostname, port: Number(port) };
  }

  get port(): number {
    return (this.server.address() as net.AddressInfo).port;
  }

  /** The same URL, through this proxy. */
  rewrite(url: string): string {
    const u = new URL(url);
    u.hostname = '127.0.0.1';
    u.port = String(this.port);
    return u.toString();
  }

  /**
   * The dependency "goes away": open connections are reset, and so are new ones, as by a
   * host with nothing listening (a connection accepted and then closed cleanly is another
   * fault: postgres.js sends the query again on a new connection, without limit, see
   * docs/operations.md).
   */
  cut(): void {
    this.cutOff = true;
    for (const socket of this.open) socket.resetAndDestroy();
    this.open.clear();
  }

  restore(): void {
    this.cutOff = false;
  }

  /**
   * From now on, a connection whose client sends bytes that `match` is reset right after
   * they are relayed, both ways: the dependency went away in the middle of that request
   * (a store restarting as a connection starts, porsager/postgres#1223).
   */
  cutWhen(match: ((fromClient: Buffer) => boolean) | undefined): void {
    this.trap = match;
  }

  async close(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private relay(client: net.Socket): void {
    if (this.cutOff) {
      client.resetAndDestroy();
      return;
    }
    this.track(client);
    const start = this.order === 'failover' ? 0 : this.next++ % this.upstreams.length;
    const order = [...this.upstreams.slice(start), ...this.upstreams.slice(0, start)];
    this.connect(client, order);
  }

  /** Try the upstreams in turn until one accepts; nobody accepting closes the client. */
  private connect(client: net.Socket, order: Upstream[]): void {
    const [target, ...rest] = order;
    if (!target || client.destroyed) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const refused = () => this.connect(client, rest);
    upstream.once('error', refused);
    upstream.once('connect', () => {
      upstream.off('error', refused);
      this.track(upstream);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.on('close', () => upstream.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
      client.on('data', (chunk: Buffer) => {
        if (!this.trap?.(chunk)) return;
        upstream.resetAndDestroy();
        client.resetAndDestroy();
      });
      client.resume();
    });
  }

  private track(socket: net.Socket): void {
    this.open.add(socket);
    socket.on('close', () => this.open.delete(socket));
  }
}
