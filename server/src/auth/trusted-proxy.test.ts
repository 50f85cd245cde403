import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { startTestServer, type TestServer } from '../../test/server';

// docs/operations.md, "Behind a proxy": TRUST_PROXY trusts the nearest proxy (or as many
// hops, or the addresses, it names), never every hop. The address a client writes first in
// X-Forwarded-For is its own invention and buys no fresh sign-in counter.

const LIMIT = 3;

/** LIMIT + 1 failed sign-ins through the proxy, each with another invented first hop. */
async function signInsRotatingFirstHop(server: TestServer, client: string): Promise<number[]> {
  const guesser = new TestClient(server.url);
  const statuses: number[] = [];
  for (let i = 0; i <= LIMIT; i++) {
    const res = await guesser.post(
      '/api/auth/login',
      // One account per attempt: only the per-address limit can answer 429 here.
      { email: `personne-${client}-${i}@ruche.test`, password: `essai-${i}-incorrect` },
      { 'x-forwarded-for': `6.6.6.${i}, ${client}` },
    );
    statuses.push(res.status);
  }
  return statuses;
}

describe.each(['1', 'true', 'loopback'])('with TRUST_PROXY=%s', (trustProxy) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      env: { AUTH_RATE_LIMIT: String(LIMIT), TRUST_PROXY: trustProxy },
    });
  });
  afterAll(() => server?.close());

  it('counts sign-ins by the address the proxy saw, whatever the client put before it', async () => {
    expect(await signInsRotatingFirstHop(server, '203.0.113.9')).toEqual([401, 401, 401, 429]);
    // Another visitor behind the same proxy keeps its own counter: the proxy's hop is read.
    expect(await signInsRotatingFirstHop(server, '203.0.113.10')).toEqual([401, 401, 401, 429]);
  });
});
