import { randomUUID } from 'node:crypto';
import type { User } from '#shared/users';
import { users } from '../src/auth/schema';
import { createSession, sessionCookieName } from '../src/auth/sessions';
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

/**
 * A signed-in person made in the store (a user row and a session), none of a sign-up's work:
 * no argon2 hash, no HTTP. For tests that need people at once and are not about signing up
 * or its limits (lib/overload.test.ts): forty sign-ups at once on a machine busy with other
 * work took most of the reconnect storm's 30 s, and a sign-up meets the limits those tests
 * set before their subject does. The account has no password and none of what the features
 * add to a new account (auth/new-account.ts).
 */
export async function insertSignedInUser(server: TestServer): Promise<{ client: TestClient }> {
  const { db } = server.database;
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${randomUUID().slice(0, 8)}@ruche.test`,
      firstName: 'Camille',
      lastName: 'Martin',
    })
    .returning({ id: users.id });
  if (!row) throw new Error('insert returned no row');
  const { token } = await createSession(db, server.config, row.id);
  const client = new TestClient(server.url);
  client.cookies.set(sessionCookieName(server.config), token);
  return { client };
}
