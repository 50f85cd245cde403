/**
 * GET /healthz and GET /readyz (docs/operations.md): cheap, open, never cached; readiness
 * is a list of checks others add to, and a draining node is not ready.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server';
import { CHECK_TIMEOUT_MS } from './health';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const get = (path: string) => fetch(`${server.url}${path}`);

describe('health and readiness', () => {
  it('answers 200 to /healthz and /readyz, with no session and no caching', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await get(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(await res.json()).toEqual({ status: 'ok' });
    }
  });

  it('turns 503 while an added check fails, and says why in French', async () => {
    let failing = true;
    server.app.ops.addReadinessCheck(
      'search-index',
      async () => {
        if (failing) throw new Error('index unreachable');
      },
      "l'index de recherche ne répond pas",
    );
    // Probes within a second share one answer: wait for a fresh one.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const res = await get('/readyz');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      message: "Nœud indisponible : l'index de recherche ne répond pas",
      failing: ['search-index'],
    });
    expect((await get('/healthz')).status).toBe(200);
    failing = false;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get('/readyz')).status).toBe(200);
  });

  it('counts a check that does not answer in time as failed, without piling up runs', async () => {
    let runs = 0;
    server.app.ops.addReadinessCheck(
      'stuck',
      () => {
        runs++;
        return new Promise(() => {});
      },
      'dépendance bloquée',
    );
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const started = Date.now();
    const first = await get('/readyz');
    expect(first.status).toBe(503);
    expect(Date.now() - started).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
    expect(((await first.json()) as { failing: string[] }).failing).toEqual(['stuck']);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await get('/readyz')).status).toBe(503);
    expect(runs).toBe(1);
  }, 15_000);

  it('a draining node is not ready, and says so', async () => {
    const drained = await server.app.ops.drain();
    expect(drained.timedOut).toBe(false);
    expect(server.app.ops.isDraining).toBe(true);
    // The listener is closed: ask the app directly.
    const res = await server.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'Nœud indisponible : le nœud s’arrête',
      failing: ['draining'],
    });
    expect(res.headers.connection).toBe('close');
    expect((await server.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
