import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe('sign-up and the current user', () => {
  it('signs up, then answers GET /api/auth/user with that user', async () => {
    const { client, user } = await buildUser(server, { email: 'Alice@Ruche.test' });
    expect(user.email).toBe('alice@ruche.test');
    const me = await client.get<{ id: string }>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
  });

  it('answers 401 with a message when signed out', async () => {
    const res = await new TestClient(server.url).get<{ message: string }>('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBeTruthy();
  });
});
