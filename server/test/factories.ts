import { randomUUID } from 'node:crypto';
import type { User } from '#shared/users';
import { TestClient } from './client';
import type { TestServer } from './server';

export interface Actor {
  user: User;
  client: TestClient;
  password: string;
}

/** A signed-up, signed-in user with a display name, through the public API like a person. */
export async function buildUser(
  server: TestServer,
  overrides: {
    email?: string;
    password?: string;
    firstName?: string;
    lastName?: string;
    displayName?: string | null;
  } = {},
): Promise<Actor> {
  const client = new TestClient(server.url);
  const password = overrides.password ?? 'mot-de-passe-sûr';
  const email = overrides.email ?? `user-${randomUUID().slice(0, 8)}@ruche.test`;
  const res = await client.post<User>('/api/auth/register', {
    email,
    password,
    firstName: overrides.firstName ?? 'Camille',
    lastName: overrides.lastName ?? 'Martin',
  });
  if (res.status !== 201)
    throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  let user = res.body;
  const displayName = overrides.displayName === undefined ? user.firstName : overrides.displayName;
  if (displayName) {
    const patched = await client.patch<User>('/api/auth/user', { displayName });
    user = patched.body;
  }
  return { user, client, password };
}
