import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody, AuthProviders, SessionInfo } from '#shared/auth';
import { CLOSE_SESSION_ENDED } from '#shared/protocol';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { type Actor, buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { socketOpener } from '../../test/test-socket';

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());
const open = socketOpener(() => server);

/** Another browser of the same person, signed in with its own session. */
async function signInElsewhere(actor: Actor, userAgent = SAFARI_IPHONE): Promise<TestClient> {
  const client = new TestClient(server.url);
  const res = await client.post(
    '/api/auth/login',
    { email: actor.user.email, password: actor.password },
    { 'user-agent': userAgent },
  );
  expect(res.status).toBe(200);
  return client;
}

describe('password strength', () => {
  it.each(['12345678', 'azertyuiop', 'motdepasse', 'soleil2024'])(
    'refuses %s at sign-up with a French explanation',
    async (password) => {
      const res = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/register', {
        email: `faible-${Math.random().toString(36).slice(2)}@ruche.test`,
        password,
      });
      expect(res.status).toBe(400);
      expect(res.body.errors?.password?.[0]).toMatch(
        /^Ce mot de passe est trop facile à deviner\./,
      );
    },
  );

  it('refuses a password made of the person’s own name', async () => {
    const res = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/register', {
      email: 'bertrandlefebvre@ruche.test',
      password: 'bertrandlefebvre',
      firstName: 'Bertrand',
      lastName: 'Lefebvre',
    });
    expect(res.status).toBe(400);
  });
});

describe('changing the password', () => {
  it('needs the current password and a strong new one', async () => {
    const alice = await buildUser(server);
    const wrong = await alice.client.post<ApiErrorBody>('/api/auth/password', {
      currentPassword: 'pas-le-bon',
      newPassword: 'un-tout-nouveau-secret',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.currentPassword).toEqual(['Le mot de passe actuel est incorrect']);
    const weak = await alice.client.post<ApiErrorBody>('/api/auth/password', {
      currentPassword: alice.password,
      newPassword: '12345678',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors?.newPassword?.[0]).toMatch(/trop facile à deviner/);
    const anonymous = await new TestClient(server.url).post('/api/auth/password', {
      currentPassword: 'x',
      newPassword: 'un-tout-nouveau-secret',
    });
    expect(anonymous.status).toBe(401);
  });

  it('ends every other session of the account, and their sockets; this one stays', async () => {
    const alice = await buildUser(server);
    const phone = await signInElsewhere(alice);
    const phoneSocket = await open({ client: phone });
    const mySocket = await open(alice);

    const res = await alice.client.post('/api/auth/password', {
      currentPassword: alice.password,
      newPassword: 'un-tout-nouveau-secret',
    });
    expect(res.status).toBe(204);
    expect((await phoneSocket.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    expect((await alice.client.get('/api/auth/user')).status).toBe(200);
    await mySocket.sync();

    const login = (password: string) =>
      new TestClient(server.url).post('/api/auth/login', { email: alice.user.email, password });
    expect((await login(alice.password)).status).toBe(401);
    expect((await login('un-tout-nouveau-secret')).status).toBe(200);
  });
});

describe('sessions', () => {
  it('lists the account’s sessions with their device, this one marked', async () => {
    const alice = await buildUser(server);
    await signInElsewhere(alice, CHROME_LINUX);
    await signInElsewhere(await buildUser(server)); // someone else's: never listed
    const res = await alice.client.get<SessionInfo[]>('/api/auth/sessions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    expect(res.body.filter((s) => s.current)).toHaveLength(1);
    expect(res.body.find((s) => !s.current)).toMatchObject({ device: 'Chrome sur Linux' });
    for (const session of res.body) {
      expect(session.id).toMatch(/^[0-9a-f]{32}$/);
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it('ends one session, its sockets included; never another person’s', async () => {
    const alice = await buildUser(server);
    const bob = await buildUser(server);
    const phone = await signInElsewhere(alice);
    const phoneSocket = await open({ client: phone });
    const list = (await alice.client.get<SessionInfo[]>('/api/auth/sessions')).body;
    const other = list.find((s) => !s.current)!;

    const bobs = (await bob.client.get<SessionInfo[]>('/api/auth/sessions')).body;
    expect((await alice.client.delete(`/api/auth/sessions/${bobs[0]!.id}`)).status).toBe(404);
    expect((await bob.client.get('/api/auth/user')).status).toBe(200);

    expect((await alice.client.delete(`/api/auth/sessions/${other.id}`)).status).toBe(204);
    expect((await phoneSocket.closed).code).toBe(CLOSE_SESSION_ENDED);
    expect((await phone.get('/api/auth/user')).status).toBe(401);
    const after = (await alice.client.get<SessionInfo[]>('/api/auth/sessions')).body;
    expect(after.map((s) => s.current)).toEqual([true]);
  });

  it('ends all the other sessions at once', async () => {
    const alice = await buildUser(server);
    const others = [await signInElsewhere(alice), await signInElsewhere(alice, CHROME_LINUX)];
    const res = await alice.client.post<{ ended: number }>('/api/auth/sessions/end-others');
    expect(res.body).toEqual({ ended: 2 });
    for (const client of others) expect((await client.get('/api/auth/user')).status).toBe(401);
    expect((await alice.client.get('/api/auth/user')).status).toBe(200);
  });

  it('a new sign-in in the same browser closes the replaced session’s sockets', async () => {
    const alice = await buildUser(server);
    const socket = await open(alice);
    const again = await alice.client.post('/api/auth/login', {
      email: alice.user.email,
      password: alice.password,
    });
    expect(again.status).toBe(200);
    expect((await socket.closed).code).toBe(CLOSE_SESSION_ENDED);
  });

  it('tells the settings whether the account has a password', async () => {
    const alice = await buildUser(server);
    const res = await alice.client.get<AuthProviders>('/api/auth/providers');
    expect(res.body).toMatchObject({ local: true, oidc: false, hasPassword: true });
  });
});

describe('an absolute session lifetime', () => {
  let short: TestServer;
  beforeAll(async () => {
    // Three seconds in all, however much the session is used.
    short = await startTestServer({ env: { SESSION_MAX_DAYS: String(3 / 86_400) } });
  });
  afterAll(() => short?.close());

  it('ends a session in use at its end, and its socket within seconds', async () => {
    const alice = await buildUser(short);
    const socket = await socketOpener(() => short)(alice);
    const started = Date.now();
    expect((await alice.client.get<User>('/api/auth/user')).status).toBe(200);
    const closed = await socket.closed;
    expect(closed.code).toBe(CLOSE_SESSION_ENDED);
    // The sweep runs every 10 s: closed within its period after the end.
    expect(Date.now() - started).toBeLessThan(15_000);
    expect((await alice.client.get('/api/auth/user')).status).toBe(401);
  }, 30_000);
});
