import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import { TestClient } from '../../test/client';
import { startTestServer, type TestServer } from '../../test/server';
import { createUser } from './users';

const LIMIT = 3;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { AUTH_RATE_LIMIT: String(LIMIT) } });
});
afterAll(() => server?.close());

describe('sign-in and sign-up are rate limited per address', () => {
  it('answers 429 with a French JSON message after AUTH_RATE_LIMIT attempts, even with the right password', async () => {
    // The account is made in the store, so that no sign-up is spent here.
    await createUser(server.database.db, {
      email: 'limite@ruche.test',
      passwordHash: await argon2.hash('mot-de-passe-sûr', { type: argon2.argon2id }),
    });

    const guesser = new TestClient(server.url);
    for (let i = 0; i < LIMIT; i++) {
      const res = await guesser.post('/api/auth/login', {
        email: 'limite@ruche.test',
        password: `essai-${i}-incorrect`,
      });
      expect(res.status).toBe(401);
    }
    // A forged X-Forwarded-For does not buy a fresh counter (no trusted proxy configured).
    const blocked = await guesser.post<ApiErrorBody>(
      '/api/auth/login',
      { email: 'limite@ruche.test', password: 'mot-de-passe-sûr' },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('content-type')).toContain('application/json');
    expect(blocked.body.message).toMatch(/^Trop de tentatives : réessayez dans \d+ secondes$/);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(guesser.cookies.has('ruche_session')).toBe(false);
  });

  it('limits account creation the same way', async () => {
    const client = new TestClient(server.url);
    const statuses: number[] = [];
    for (let i = 0; i <= LIMIT; i++) {
      const res = await client.post('/api/auth/register', {
        email: `robot-${i}@ruche.test`,
        password: 'mot-de-passe-sûr',
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
  });
});
