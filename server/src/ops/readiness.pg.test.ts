/**
 * GET /readyz follows the node's dependencies: 503 while PostgreSQL or Redis does not
 * answer, 200 again once they do. Each goes away behind a TCP relay the test cuts (the
 * machine's PostgreSQL and Redis are shared and keep running). PostgreSQL only: the
 * embedded store is the node's own child process.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { createTestStore, type TestStoreHandle } from '../../test/stores';
import { TcpProxy } from '../../test/tcp-proxy';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

let store: TestStoreHandle;
let pg: TcpProxy;
let redis: TcpProxy;
let server: TestServer;

beforeAll(async () => {
  store = await createTestStore('postgres');
  const databaseUrl = store.databaseUrl as string;
  [pg, redis] = await Promise.all([
    TcpProxy.start([TcpProxy.upstreamOf(databaseUrl)]),
    TcpProxy.start([TcpProxy.upstreamOf(REDIS_URL)]),
  ]);
  server = await startTestServer({
    store,
    redisUrl: redis.rewrite(REDIS_URL),
    env: {
      DATABASE_URL: pg.rewrite(databaseUrl),
      REDIS_PREFIX: `ruche-test-ready-${process.pid}`,
    },
  });
});
afterAll(async () => {
  pg?.restore();
  redis?.restore();
  await server?.close();
  await Promise.all([pg?.close(), redis?.close()]);
  await store?.drop();
});

interface Answer {
  status: number;
  body: { status?: string; message?: string; failing?: string[] };
}

async function readyz(): Promise<Answer> {
  const res = await fetch(`${server.url}/readyz`);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/** Probe the way a load balancer does, every 250 ms, until `status` (or 15 s). */
async function until(status: number): Promise<Answer> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await readyz();
    if (answer.status === status || Date.now() > deadline) return answer;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe('readiness follows the dependencies', () => {
  it('PostgreSQL unreachable: 503 naming the store, API calls 503 too, then 200 once it is back', async () => {
    const alice = await buildUser(server);
    expect((await readyz()).status).toBe(200);
    pg.cut();
    const down = await until(503);
    expect(down).toEqual({
      status: 503,
      body: { message: 'Nœud indisponible : le stockage ne répond pas', failing: ['store'] },
    });
    // Liveness touches no store: the process is fine, restarting it would not help.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    // A signed-in call gets a 503 it can retry, not a 500.
    const call = await alice.client.get<ApiErrorBody>('/api/channels');
    expect(call.status).toBe(503);
    expect(call.body.message).toBe('Le stockage ne répond pas : réessayez dans quelques instants');
    expect(call.headers.get('retry-after')).toBe('5');
    pg.restore();
    expect((await until(200)).body).toEqual({ status: 'ok' });
    expect((await alice.client.get('/api/channels')).status).toBe(200);
  }, 40_000);

  it('Redis unreachable: 503 naming Redis, then 200 once it is back', async () => {
    redis.cut();
    const down = await until(503);
    expect(down).toEqual({
      status: 503,
      body: { message: 'Nœud indisponible : Redis ne répond pas', failing: ['redis'] },
    });
    redis.restore();
    expect((await until(200)).status).toBe(200);
  }, 40_000);
});
