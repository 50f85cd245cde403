import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '#shared/auth';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { startTestServer, type TestServer } from '../../test/server';
import { sessions } from './schema';
import { deleteExpiredSessions, hashToken, SESSION_COOKIE } from './sessions';

const WRONG_CREDENTIALS = 'Adresse e-mail ou mot de passe incorrect';
const DAY = 24 * 3600 * 1000;

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const uniqueEmail = (name = 'user') => `${name}-${randomUUID().slice(0, 8)}@ruche.test`;
const tokenOf = (client: TestClient) => client.cookies.get(SESSION_COOKIE)!;

/** A client that presents only the given session token, as a stolen cookie would be. */
function clientWithToken(token: string): TestClient {
  const client = new TestClient(server.url);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

const sessionRowsOf = (userId: string) =>
  server.database.db.select().from(sessions).where(sql`${sessions.sess}->>'userId' = ${userId}`);

describe('sign-up, sign-in and sign-out', () => {
  it('signs up, then answers GET /api/auth/user with that user', async () => {
    const { client, user } = await buildUser(server, { email: 'Alice@Ruche.test' });
    expect(user.email).toBe('alice@ruche.test');
    const me = await client.get<User>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(user.id);
    // The id as a header too, read by the page's first script before the body
    // (web/boot/last-screen.ts); none without a session.
    expect(me.headers.get('ruche-user-id')).toBe(user.id);
    const visitor = await new TestClient(server.url).get('/api/auth/user');
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get('ruche-user-id')).toBeNull();
    // Nothing secret leaves the server.
    for (const secret of ['passwordHash', 'password_hash', 'oidcIssuer', 'oidcSubject']) {
      expect(me.body).not.toHaveProperty(secret);
    }
    expect(JSON.stringify(me.body)).not.toContain('$argon2');
  });

  it('sends /api/login to the sign-in page with the page to come back to, if it is ours', async () => {
    const visitor = new TestClient(server.url);
    const kept = await visitor.get(`/api/login?next=${encodeURIComponent('/channel/abc?m=1')}`);
    expect(kept.status).toBe(302);
    expect(kept.headers.get('location')).toBe(
      `/login?next=${encodeURIComponent('/channel/abc?m=1')}`,
    );
    for (const elsewhere of ['//evil.example', 'https://evil.example/', '/api/logout']) {
      const dropped = await visitor.get(`/api/login?next=${encodeURIComponent(elsewhere)}`);
      expect(dropped.headers.get('location')).toBe('/login');
    }
  });

  it('answers 401 with a message when signed out', async () => {
    const res = await new TestClient(server.url).get<ApiErrorBody>('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Vous devez être connecté');
  });

  it('signs in with the password, case-insensitively on the email', async () => {
    const { user, password } = await buildUser(server, { email: uniqueEmail('bruno') });
    const client = new TestClient(server.url);
    const res = await client.post<User>('/api/auth/login', {
      email: ` ${user.email!.toUpperCase()} `,
      password,
    });
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(user.id);
    expect((await client.get<User>('/api/auth/user')).body.id).toBe(user.id);
  });

  it('refuses a wrong password with 401 and opens no session', async () => {
    const { user } = await buildUser(server);
    const client = new TestClient(server.url);
    const res = await client.post<ApiErrorBody>('/api/auth/login', {
      email: user.email,
      password: 'pas-le-bon-mot-de-passe',
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(WRONG_CREDENTIALS);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const res = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/login', {
      email: uniqueEmail('personne'),
      password: 'mot-de-passe-sûr',
    });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ message: WRONG_CREDENTIALS });
  });

  it('refuses a second account on the same email, whatever its case (409)', async () => {
    const email = uniqueEmail('double');
    await buildUser(server, { email });
    for (const again of [email, email.toUpperCase()]) {
      const res = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/register', {
        email: again,
        password: 'autre-mot-de-passe',
      });
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('Un compte existe déjà avec cette adresse e-mail');
    }
  });

  it('creates one account when two sign-ups race on one email; the other gets 409', async () => {
    const email = uniqueEmail('course');
    const attempts = await Promise.all(
      [email, email.toUpperCase()].map((address) =>
        new TestClient(server.url).post<ApiErrorBody>('/api/auth/register', {
          email: address,
          password: 'mot-de-passe-sûr',
        }),
      ),
    );
    expect(attempts.map((r) => r.status).sort()).toEqual([201, 409]);
    const refused = attempts.find((r) => r.status === 409)!;
    expect(refused.body.message).toBe('Un compte existe déjà avec cette adresse e-mail');
  });

  it('validates sign-up with field errors in French (400)', async () => {
    const client = new TestClient(server.url);
    const res = await client.post<ApiErrorBody>('/api/auth/register', {
      email: 'pas-une-adresse',
      password: 'court',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.email).toEqual(['L’adresse e-mail n’est pas valide']);
    expect(res.body.errors?.password).toEqual([
      'Le mot de passe doit contenir au moins 8 caractères',
    ]);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);

    const missing = await client.post<ApiErrorBody>('/api/auth/register', {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.email).toEqual(['L’adresse e-mail est requise']);
    expect(missing.body.errors?.password).toEqual(['Le mot de passe est requis']);
  });

  it('validates sign-in input (400) before looking at the credentials', async () => {
    const res = await new TestClient(server.url).post<ApiErrorBody>('/api/auth/login', {
      email: uniqueEmail(),
      password: '',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.password).toEqual(['Le mot de passe est requis']);
  });

  it('signs out: the cookie is cleared and the token is dead on the server', async () => {
    const { client, user } = await buildUser(server);
    const token = tokenOf(client);
    const res = await client.post('/api/logout');
    expect(res.status).toBe(204);
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(await sessionRowsOf(user.id)).toEqual([]);
    // Replaying the token after sign-out (a copy kept by an attacker) gets nothing.
    expect((await clientWithToken(token).get('/api/auth/user')).status).toBe(401);
  });

  it('signs out by a top-level navigation to /api/logout from Ruche or typed', async () => {
    for (const site of ['same-origin', 'none']) {
      const { client, user } = await buildUser(server);
      const token = tokenOf(client);
      const res = await client.get('/api/logout', navigation(site));
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/');
      expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
      expect(await sessionRowsOf(user.id)).toEqual([]);
      expect((await clientWithToken(token).get('/api/auth/user')).status).toBe(401);
    }
  });

  // docs/security.md, finding 3: `![](/api/logout)` in a message signed out every reader.
  it('does not sign out for an image, a fetch, or a navigation from another site', async () => {
    const { client, user } = await buildUser(server);
    const attempts = [
      { 'sec-fetch-dest': 'image', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'no-cors' },
      { 'sec-fetch-dest': 'empty', 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors' },
      navigation('cross-site'),
      {},
    ];
    for (const headers of attempts) {
      const res = await client.get('/api/logout', headers);
      expect(res.status).toBe(302);
    }
    expect((await client.get('/api/auth/user')).status).toBe(200);
    expect(await sessionRowsOf(user.id)).toHaveLength(1);
  });

  it('signs out without a session too', async () => {
    const res = await new TestClient(server.url).post('/api/logout');
    expect(res.status).toBe(204);
  });
});

function navigation(site: string): Record<string, string> {
  return { 'sec-fetch-dest': 'document', 'sec-fetch-mode': 'navigate', 'sec-fetch-site': site };
}

describe('sessions', () => {
  it('sets the cookie httpOnly, SameSite=Lax, for the whole site, not Secure on plain http', async () => {
    const res = await new TestClient(server.url).post('/api/auth/register', {
      email: uniqueEmail('cookie'),
      password: 'mot-de-passe-sûr',
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Path=\/(;|$)/);
    expect(cookie).not.toMatch(/;\s*Secure/i);
    const expires = Date.parse(/Expires=([^;]+)/i.exec(cookie)![1]!);
    expect(expires - Date.now()).toBeGreaterThan(29 * DAY);
  });

  it('stores only the hash of an unguessable token', async () => {
    const { client, user } = await buildUser(server);
    const token = tokenOf(client);
    // At least 128 random bits, base64url-encoded.
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const rows = await sessionRowsOf(user.id);
    expect(rows.map((r) => r.sid)).toEqual([hashToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('gives a new token at every sign-in; the old one stops working', async () => {
    const { client, user, password } = await buildUser(server);
    const first = tokenOf(client);
    // The same browser signs in again, presenting its current cookie.
    const again = await client.post<User>('/api/auth/login', { email: user.email, password });
    expect(again.status).toBe(200);
    const second = tokenOf(client);
    expect(second).not.toBe(first);
    expect((await clientWithToken(first).get('/api/auth/user')).status).toBe(401);
    expect((await clientWithToken(second).get<User>('/api/auth/user')).body.id).toBe(user.id);
    expect((await sessionRowsOf(user.id)).map((r) => r.sid)).toEqual([hashToken(second)]);
  });

  it('does not let a token planted before sign-in survive it (session fixation)', async () => {
    const attacker = await buildUser(server);
    const planted = tokenOf(attacker.client);
    const victim = await buildUser(server);
    // The victim's browser carries the attacker's cookie when signing in.
    const browser = clientWithToken(planted);
    await browser.post('/api/auth/login', { email: victim.user.email, password: victim.password });
    expect((await browser.get<User>('/api/auth/user')).body.id).toBe(victim.user.id);
    expect((await clientWithToken(planted).get('/api/auth/user')).status).toBe(401);
  });

  it('a copied sessions row cannot sign anyone in', async () => {
    const { user } = await buildUser(server);
    const [row] = await sessionRowsOf(user.id);
    expect(row).toBeDefined();
    const res = await clientWithToken(row!.sid).get('/api/auth/user');
    expect(res.status).toBe(401);
  });

  it('refuses an expired session with 401', async () => {
    const { client, user } = await buildUser(server);
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - 1000) })
      .where(eq(sessions.sid, hashToken(tokenOf(client))));
    const res = await client.get<ApiErrorBody>('/api/auth/user');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Vous devez être connecté');
    expect((await client.patch('/api/auth/user', { displayName: 'X' })).status).toBe(401);
    expect(user.id).toBeTruthy();
  });

  it('extends a session in use once less than half its life remains, cookie included', async () => {
    const { client } = await buildUser(server);
    const sid = hashToken(tokenOf(client));
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + DAY) })
      .where(eq(sessions.sid, sid));
    const res = await client.get('/api/auth/user');
    expect(res.status).toBe(200);
    const [row] = await server.database.db.select().from(sessions).where(eq(sessions.sid, sid));
    expect(row!.expire.getTime() - Date.now()).toBeGreaterThan(29 * DAY);
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookie).toBeDefined();
    expect(cookie).toContain(tokenOf(client));
    expect(Date.parse(/Expires=([^;]+)/i.exec(cookie!)![1]!) - Date.now()).toBeGreaterThan(
      29 * DAY,
    );

    // A session far from its end is left alone: no write, no new cookie.
    const quiet = await client.get('/api/auth/user');
    expect(quiet.headers.getSetCookie()).toEqual([]);
  });

  it('signing in with a session due for renewal sends only the new token', async () => {
    const { client, user, password } = await buildUser(server);
    const old = tokenOf(client);
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() + DAY) })
      .where(eq(sessions.sid, hashToken(old)));
    const res = await client.post('/api/auth/login', { email: user.email, password });
    const cookies = res.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).not.toContain(old);
    expect((await client.get('/api/auth/user')).status).toBe(200);
  });

  it('cleans up expired rows and keeps live ones', async () => {
    const live = await buildUser(server);
    const dead = await buildUser(server);
    const deadSid = hashToken(tokenOf(dead.client));
    await server.database.db
      .update(sessions)
      .set({ expire: new Date(Date.now() - DAY) })
      .where(eq(sessions.sid, deadSid));
    expect((await deleteExpiredSessions(server.database.db)).length).toBeGreaterThanOrEqual(1);
    expect(await sessionRowsOf(dead.user.id)).toEqual([]);
    expect(await sessionRowsOf(live.user.id)).toHaveLength(1);
    expect((await live.client.get('/api/auth/user')).status).toBe(200);
  });
});

describe('GET and PATCH /api/auth/user', () => {
  it('saves a display name, trimmed', async () => {
    const { client } = await buildUser(server, { displayName: null });
    const res = await client.patch<User>('/api/auth/user', { displayName: '  Camille M.  ' });
    expect(res.status).toBe(200);
    expect(res.body.displayName).toBe('Camille M.');
    expect((await client.get<User>('/api/auth/user')).body.displayName).toBe('Camille M.');
  });

  it('accepts 100 characters and refuses 101 with the French message', async () => {
    const { client, user } = await buildUser(server);
    const ok = await client.patch<User>('/api/auth/user', { displayName: 'é'.repeat(100) });
    expect(ok.status).toBe(200);
    const res = await client.patch<ApiErrorBody>('/api/auth/user', {
      displayName: 'a'.repeat(101),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Maximum 100 caractères');
    expect(res.body.errors?.displayName).toEqual(['Maximum 100 caractères']);
    expect((await client.get<User>('/api/auth/user')).body.displayName).toBe('é'.repeat(100));
    expect(user.id).toBeTruthy();
  });

  it('requires a display name that is not blank', async () => {
    const { client, user } = await buildUser(server);
    for (const displayName of ['', '   ']) {
      const res = await client.patch<ApiErrorBody>('/api/auth/user', { displayName });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Le nom d’affichage est requis');
    }
    expect((await client.get<User>('/api/auth/user')).body.displayName).toBe(user.displayName);
  });

  it('saves a status and its message, and clears the message', async () => {
    const { client } = await buildUser(server);
    const away = await client.patch<User>('/api/auth/user', {
      status: 'away',
      statusMessage: 'En réunion',
    });
    expect(away.status).toBe(200);
    expect(away.body).toMatchObject({ status: 'away', statusMessage: 'En réunion' });
    expect((await client.get<User>('/api/auth/user')).body).toMatchObject({
      status: 'away',
      statusMessage: 'En réunion',
    });
    const back = await client.patch<User>('/api/auth/user', {
      status: 'online',
      statusMessage: '',
    });
    expect(back.body).toMatchObject({ status: 'online', statusMessage: null });
  });

  it('refuses a status outside online/away/offline', async () => {
    const { client } = await buildUser(server);
    const res = await client.patch<ApiErrorBody>('/api/auth/user', { status: 'busy' });
    expect(res.status).toBe(400);
    expect(res.body.errors?.status).toEqual([
      'Le statut doit être « online », « away » ou « offline »',
    ]);
    expect((await client.get<User>('/api/auth/user')).body.status).toBe('online');
  });

  it('refuses a status message over 200 characters and changes nothing', async () => {
    const { client } = await buildUser(server);
    const res = await client.patch<ApiErrorBody>('/api/auth/user', {
      status: 'offline',
      statusMessage: 'm'.repeat(201),
    });
    expect(res.status).toBe(400);
    expect(res.body.errors?.statusMessage).toEqual(['Maximum 200 caractères']);
    expect((await client.get<User>('/api/auth/user')).body).toMatchObject({
      status: 'online',
      statusMessage: null,
    });
  });

  it('refuses unknown fields and an empty body', async () => {
    const { client } = await buildUser(server);
    const extra = await client.patch<ApiErrorBody>('/api/auth/user', {
      displayName: 'Ok',
      email: 'vol@ruche.test',
    });
    expect(extra.status).toBe(400);
    const empty = await client.patch<ApiErrorBody>('/api/auth/user', {});
    expect(empty.status).toBe(400);
  });

  it('answers 401 to a PATCH without a session', async () => {
    const res = await new TestClient(server.url).patch('/api/auth/user', { displayName: 'X' });
    expect(res.status).toBe(401);
  });
});
