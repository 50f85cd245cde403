/**
 * Two server nodes on one PostgreSQL and one Redis (docs/scaling.md): what the `*.pg.test.ts`
 * files that watch events cross nodes start. The second node shares the first's store, so a
 * session made through either is good on both; each pair gets its own Redis prefix, so pairs
 * of concurrent files do not hear each other.
 */
import { randomUUID } from 'node:crypto';
import type { Actor } from './factories';
import { startTestServer, type TestServer, type TestServerOptions } from './server';
import { TestSocket } from './test-socket';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export interface TwoNodes {
  node1: TestServer;
  node2: TestServer;
  /** Both nodes' REDIS_PREFIX (a third node given it joins the pair). */
  prefix: string;
  /** The same person calling `node` (same cookie: the session lives in the database). */
  on(node: TestServer, actor: Actor): Actor;
  /** The actor's socket on `node`, once `ready`; terminated by close(). */
  open(node: TestServer, actor: Actor): Promise<TestSocket>;
  /** The sockets close() terminates: a test that opens one another way adds it here. */
  sockets: TestSocket[];
  /** Terminates the sockets opened, then stops node 2 and node 1. */
  close(): Promise<void>;
}

export interface TwoNodesOptions {
  /** Variables for both nodes, on top of REDIS_PREFIX. */
  env?: Record<string, string>;
  /** The Redis prefix; a fresh one by default. */
  prefix?: string;
  /** Node 1 listens on this port (see freePort): for a PUBLIC_URL known in advance. */
  port?: number;
  /** Both nodes' link-preview network (test/link-preview-site.ts). */
  linkPreviewNetwork?: TestServerOptions['linkPreviewNetwork'];
}

export async function startTwoNodes(options: TwoNodesOptions = {}): Promise<TwoNodes> {
  const prefix = options.prefix ?? `ruche-test-${randomUUID().slice(0, 8)}`;
  const env = { REDIS_PREFIX: prefix, ...options.env };
  const { linkPreviewNetwork } = options;
  const node1 = await startTestServer({
    port: options.port,
    redisUrl: TEST_REDIS_URL,
    env,
    linkPreviewNetwork,
  });
  const node2 = await startTestServer({
    redisUrl: TEST_REDIS_URL,
    env,
    store: node1.store,
    linkPreviewNetwork,
  });
  const sockets: TestSocket[] = [];
  const on = (node: TestServer, actor: Actor): Actor => {
    const client = Object.assign(Object.create(Object.getPrototypeOf(actor.client)), actor.client);
    client.baseUrl = node.url;
    return { ...actor, client };
  };
  return {
    node1,
    node2,
    prefix,
    on,
    sockets,
    open: async (node, actor) => {
      const socket = await TestSocket.open(node, on(node, actor).client);
      sockets.push(socket);
      return socket;
    },
    close: async () => {
      for (const socket of sockets) socket.ws.terminate();
      await node2.close();
      await node1.close();
    },
  };
}
