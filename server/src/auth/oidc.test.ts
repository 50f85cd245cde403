import http from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { User } from '#shared/users';
import { TestClient } from '../../test/client';
import { buildUser } from '../../test/factories';
import { type OidcTestProvider, startOidcProvider } from '../../test/oidc-provider';
import { startServerWithOidc } from '../../test/oidc-server';
import { freePort, startTestServer, type TestServer } from '../../test/server';
import { loadConfig } from '../config';
import { users } from './schema';

/**
 * A gate in the sign-in's read of the account by email: armed for one address, it holds each
 * reader until `size` of them have read, so that concurrent first sign-ins all see "no
 * account" before any of them creates it. Without it the race is left to timing.
 */
const emailGate = vi.hoisted(() => ({
  email: null as string | null,
  size: 0,
  held: [] as (() => void)[],
}));
vi.mock('./users', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./users')>();
  return {
    ...actual,
    findUserByEmail: async (...args: Parameters<typeof actual.findUserByEmail>) => {
      const row = await actual.findUserByEmail(...args);
      if (emailGate.email !== args[1]) return row;
      await new Promise<void>((release) => {
        emailGate.held.push(release);
        if (emailGate.held.length < emailGate.size) return;
        emailGate.email = null;
        for (const r of emailGate.held.splice(0)) r();
      });
      return row;
    },
  };
});

let provider: OidcTestProvider;
let server: TestServer;

beforeAll(async () => {
  // Local accounts too, to test linking an existing account.
  ({ provider, server } = await startServerWithOidc({ LOCAL_AUTH: 'on' }));
});
afterAll(async () => {
  await server?.close();
  await provider?.close();
});

let subjects = 0;
function person(claims: Record<string, unknown>): string {
  const sub = `person-${++subjects}`;
  provider.accounts.set(sub, claims);
  return sub;
}

/** GET /api/login, then the provider's pages, up to the redirect back to /api/callback. */
async function authorize(browser: TestClient, sub: string, from = '/api/login'): Promise<URL> {
  const login = await browser.get(from);
  expect(login.status).toBe(302);
  return provider.authorize(login.headers.get('location')!, sub);
}

async function signInWithProvider(sub: string, browser = new TestClient(server.url)) {
  const back = await authorize(browser, sub);
  const callback = await browser.get<unknown>(back.pathname + back.search);
  return { browser, callback };
}

describe('OpenID Connect sign-in against a real provider', () => {
  it('sends the browser to the authorize endpoint with PKCE (S256), state and nonce', async () => {
    const browser = new TestClient(server.url);
    const res = await browser.get('/api/login');
    expect(res.status).toBe(302);
    const url = new URL(res.headers.get('location')!);
    expect(url.origin + url.pathname).toBe(`${provider.issuer}/auth`);
    const params = url.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(provider.clientId);
    expect(params.get('redirect_uri')).toBe(`${server.url}/api/callback`);
    expect(params.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile']),
    );
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('state')?.length).toBeGreaterThanOrEqual(22);
    expect(params.get('nonce')?.length).toBeGreaterThanOrEqual(22);
    // The verifier stays with the browser in a signed, httpOnly cookie scoped to the callback.
    const flowCookie = res.headers.getSetCookie().find((c) => c.startsWith('ruche_oidc='));
    expect(flowCookie).toMatch(/HttpOnly/i);
    expect(flowCookie).toMatch(/Path=\/api\/callback/i);
    expect(flowCookie).not.toContain(params.get('code_challenge')!);
  });

  it('signs in through the provider and creates the user from its claims', async () => {
    const sub = person({
      email: 'Ines.Moreau@Example.test',
      email_verified: true,
      given_name: 'Inès',
      family_name: 'Moreau',
      picture: 'https://images.example.test/ines.png',
    });
    const { browser, callback } = await signInWithProvider(sub);
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/');
    expect(browser.cookies.get('ruche_session')).toBeTruthy();

    const me = await browser.get<User>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: 'ines.moreau@example.test',
      firstName: 'Inès',
      lastName: 'Moreau',
      profileImageUrl: 'https://images.example.test/ines.png',
      displayName: null,
    });
  });

  it('comes back to the page the person was going to, never to another site', async () => {
    const sub = person({ email: 'retour@example.test', email_verified: true });
    const next = '/join-channel/ABCD1234?x=1';
    const browser = new TestClient(server.url);
    const back = await authorize(browser, sub, `/api/login?next=${encodeURIComponent(next)}`);
    const callback = await browser.get(back.pathname + back.search);
    expect(callback.headers.get('location')).toBe(next);

    for (const elsewhere of ['//evil.example/x', 'https://evil.example/', '/\\evil.example']) {
      const other = new TestClient(server.url);
      const again = await authorize(other, sub, `/api/login?next=${encodeURIComponent(elsewhere)}`);
      const answer = await other.get(again.pathname + again.search);
      expect(answer.headers.get('location')).toBe('/');
    }
  });

  it('signs in twice at once for a new subject: both succeed, as one account', async () => {
    const sub = person({ email: 'double@example.test', email_verified: true, given_name: 'Jo' });
    const browsers = [new TestClient(server.url), new TestClient(server.url)];
    // Both flows up to the provider's redirect, then both callbacks together, held until
    // both have found no account: the two first sign-ins race to create it.
    const backs = await Promise.all(browsers.map((b) => authorize(b, sub)));
    Object.assign(emailGate, { email: 'double@example.test', size: browsers.length });
    const callbacks = await Promise.all(
      browsers.map((b, i) => b.get(backs[i]!.pathname + backs[i]!.search)),
    );
    expect(callbacks.map((c) => c.status)).toEqual([302, 302]);
    const mes = await Promise.all(browsers.map((b) => b.get<User>('/api/auth/user')));
    expect(mes.map((m) => m.status)).toEqual([200, 200]);
    expect(mes[0]!.body.id).toBe(mes[1]!.body.id);
    const rows = await server.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.oidcSubject, sub));
    expect(rows).toHaveLength(1);
  });

  it('updates the names and picture at the next sign-in, keeping the same account', async () => {
    const sub = person({
      email: 'paul@example.test',
      email_verified: true,
      given_name: 'Paul',
      family_name: 'Durand',
    });
    const first = await signInWithProvider(sub);
    const before = await first.browser.get<User>('/api/auth/user');

    provider.accounts.set(sub, {
      email: 'paul@example.test',
      email_verified: true,
      given_name: 'Paul-Henri',
      family_name: 'Durand-Roy',
      picture: 'https://images.example.test/paul.png',
    });
    const second = await signInWithProvider(sub);
    const after = await second.browser.get<User>('/api/auth/user');
    expect(after.body.id).toBe(before.body.id);
    expect(after.body).toMatchObject({
      firstName: 'Paul-Henri',
      lastName: 'Durand-Roy',
      profileImageUrl: 'https://images.example.test/paul.png',
    });
  });

  it('never links an existing account by email, verified or not (the takeover of the audit)', async () => {
    // The attacker opens a local account with the victim's address and a password of theirs.
    const squat = await buildUser(server, { email: 'lea@example.test', firstName: 'Intrus' });
    const sub = person({
      email: 'LEA@example.test',
      email_verified: true,
      given_name: 'Léa',
      family_name: 'Petit',
    });
    const { browser, callback } = await signInWithProvider(sub);
    // The victim is told an account has her address; no session, no link.
    expect(callback.status).toBe(302);
    expect(callback.headers.get('location')).toBe('/login?oidc=account-exists');
    expect(browser.cookies.has('ruche_session')).toBe(false);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, squat.user.id));
    expect(row?.oidcSubject).toBeNull();
    // The attacker's password opens only the attacker's own, unlinked account.
    const byPassword = await new TestClient(server.url).post<User>('/api/auth/login', {
      email: 'lea@example.test',
      password: squat.password,
    });
    expect(byPassword.body).toMatchObject({ id: squat.user.id, firstName: 'Intrus' });
  });

  it('links the provider from a signed-in session, then either way opens that account', async () => {
    const local = await buildUser(server, { email: 'nora@example.test', firstName: 'Nora' });
    const sub = person({ email: 'nora@example.test', email_verified: true, family_name: 'Roy' });
    const start = await local.client.get('/api/login?link=1');
    const back = await provider.authorize(start.headers.get('location')!, sub);
    const linked = await local.client.get(back.pathname + back.search);
    expect(linked.status).toBe(302);
    expect(linked.headers.get('location')).toBe('/settings?oidc=linked');
    expect(
      (await local.client.get<{ oidcLinked?: boolean }>('/api/auth/providers')).body,
    ).toMatchObject({ oidcLinked: true });

    const { browser } = await signInWithProvider(sub);
    expect((await browser.get<User>('/api/auth/user')).body).toMatchObject({
      id: local.user.id,
      lastName: 'Roy',
    });
    const byPassword = await new TestClient(server.url).post<User>('/api/auth/login', {
      email: 'nora@example.test',
      password: local.password,
    });
    expect(byPassword.body.id).toBe(local.user.id);
  });

  it('refuses a link whose account signed out, and one for an identity another account has', async () => {
    const owner = person({ email: 'owner@example.test', email_verified: true });
    const first = await signInWithProvider(owner);
    const ownerId = (await first.browser.get<User>('/api/auth/user')).body.id;

    const other = await buildUser(server, { email: 'other@example.test' });
    const start = await other.client.get('/api/login?link=1');
    const back = await provider.authorize(start.headers.get('location')!, owner);
    const taken = await other.client.get(back.pathname + back.search);
    expect(taken.headers.get('location')).toBe('/settings?oidc=taken');
    const [row] = await server.database.db.select().from(users).where(eq(users.id, other.user.id));
    expect(row?.oidcSubject).toBeNull();
    const { browser } = await signInWithProvider(owner);
    expect((await browser.get<User>('/api/auth/user')).body.id).toBe(ownerId);

    const late = await buildUser(server, { email: 'late@example.test' });
    const lateStart = await late.client.get('/api/login?link=1');
    const lateBack = await provider.authorize(
      lateStart.headers.get('location')!,
      person({ email: 'late@example.test', email_verified: true }),
    );
    await late.client.post('/api/logout', {});
    const refused = await late.client.get<{ message: string }>(lateBack.pathname + lateBack.search);
    expect(refused.status).toBe(400);
    const [lateRow] = await server.database.db
      .select()
      .from(users)
      .where(eq(users.id, late.user.id));
    expect(lateRow?.oidcSubject).toBeNull();
  });

  it('will not start with a provider and no PUBLIC_URL to build its redirect URI from', () => {
    const env = { DATA_DIR: server.config.dataDir, SESSION_SECRET: 'x'.repeat(32) };
    const oidc = { OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.clientId };
    expect(() => loadConfig({ ...env, ...oidc })).toThrow(/PUBLIC_URL: requis avec OIDC_ISSUER/);
    expect(
      loadConfig({ ...env, ...oidc, PUBLIC_URL: 'https://ruche.example.test/' }).oidc,
    ).toMatchObject({
      publicUrl: 'https://ruche.example.test',
    });
  });

  it('builds the redirect URI from PUBLIC_URL, whatever Host the request names', async () => {
    const location = await new Promise<string>((resolve, reject) => {
      const url = new URL('/api/login', server.url);
      http
        .get(url, { headers: { host: 'evil.example.test' } }, (res) => {
          res.resume();
          resolve(String(res.headers.location));
        })
        .on('error', reject);
    });
    expect(new URL(location).searchParams.get('redirect_uri')).toBe(`${server.url}/api/callback`);
  });

  it('does not take over a local account when the email is not verified', async () => {
    const local = await buildUser(server, {
      email: 'hugo@example.test',
      firstName: 'Hugo',
      lastName: 'Local',
    });
    const sub = person({
      email: 'hugo@example.test',
      email_verified: false,
      given_name: 'Intrus',
      family_name: 'Malin',
    });
    const { browser, callback } = await signInWithProvider(sub);
    expect(callback.status).toBe(302);
    const me = await browser.get<User>('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(local.user.id);
    expect(me.body.email).not.toBe('hugo@example.test');
    expect(me.body.firstName).toBe('Intrus');

    // The local account is untouched: same profile, not linked to the provider's subject.
    const still = await local.client.get<User>('/api/auth/user');
    expect(still.body).toEqual(local.user);
    const [row] = await server.database.db.select().from(users).where(eq(users.id, local.user.id));
    expect(row?.oidcSubject).toBeNull();
  });

  it('takes up a new verified email, but never one another account owns', async () => {
    const sub = person({ email: 'zoe@example.test', email_verified: true, given_name: 'Zoé' });
    const first = await signInWithProvider(sub);
    const id = (await first.browser.get<User>('/api/auth/user')).body.id;

    provider.accounts.set(sub, { email: 'zoe.nouvelle@example.test', email_verified: true });
    const moved = await signInWithProvider(sub);
    expect((await moved.browser.get<User>('/api/auth/user')).body).toMatchObject({
      id,
      email: 'zoe.nouvelle@example.test',
    });

    const other = await buildUser(server, { email: 'sam@example.test' });
    provider.accounts.set(sub, { email: 'sam@example.test', email_verified: true });
    const clash = await signInWithProvider(sub);
    expect(clash.callback.status).toBe(302);
    expect((await clash.browser.get<User>('/api/auth/user')).body).toMatchObject({
      id,
      email: 'zoe.nouvelle@example.test',
    });
    expect((await other.client.get<User>('/api/auth/user')).body).toEqual(other.user);
  });

  it('signs in even when a claim does not fit the profile', async () => {
    const sub = person({
      email: 'long@example.test',
      email_verified: true,
      given_name: 'A'.repeat(101),
      family_name: 'Court',
    });
    const { browser, callback } = await signInWithProvider(sub);
    expect(callback.status).toBe(302);
    const me = await browser.get<User>('/api/auth/user');
    expect(me.body).toMatchObject({ firstName: null, lastName: 'Court' });
  });

  it('refuses a callback whose state was tampered with, and opens no session', async () => {
    const sub = person({ email: 'eve@example.test', email_verified: true });
    const browser = new TestClient(server.url);
    const back = await authorize(browser, sub);
    back.searchParams.set('state', `${back.searchParams.get('state')}x`);
    const res = await browser.get<{ message: string }>(back.pathname + back.search);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La connexion avec le fournisseur a échoué');
    expect(browser.cookies.has('ruche_session')).toBe(false);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a callback without state, and opens no session', async () => {
    const sub = person({ email: 'mallory@example.test', email_verified: true });
    const browser = new TestClient(server.url);
    const back = await authorize(browser, sub);
    back.searchParams.delete('state');
    const res = await browser.get<{ message: string }>(back.pathname + back.search);
    expect(res.status).toBe(400);
    expect(browser.cookies.has('ruche_session')).toBe(false);
    expect((await browser.get('/api/auth/user')).status).toBe(401);
  });

  it('refuses a callback arriving in another browser than the one that started the flow', async () => {
    const sub = person({ email: 'victim@example.test', email_verified: true });
    const back = await authorize(new TestClient(server.url), sub);
    // Login CSRF: the attacker's code delivered to someone else's browser.
    const other = new TestClient(server.url);
    const res = await other.get<{ message: string }>(back.pathname + back.search);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('La connexion a expiré, veuillez réessayer');
    expect(other.cookies.has('ruche_session')).toBe(false);
  });

  it('lists both sign-in methods', async () => {
    const res = await new TestClient(server.url).get('/api/auth/providers');
    expect(res.body).toEqual({ local: true, oidc: true, signup: 'open', mail: false });
  });
});

describe('when the provider does not answer', () => {
  let late: OidcTestProvider;
  let lateServer: TestServer;
  beforeAll(async () => {
    // Listening, but answering 503 until it is given its client.
    late = await startOidcProvider();
    const port = await freePort();
    lateServer = await startTestServer({
      port,
      env: {
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        OIDC_ISSUER: late.issuer,
        OIDC_CLIENT_ID: late.clientId,
        OIDC_CLIENT_SECRET: late.clientSecret,
      },
    });
  });
  afterAll(async () => {
    await lateServer?.close();
    await late?.close();
  });

  it('answers 502 with a French message, then works once the provider is back', async () => {
    const browser = new TestClient(lateServer.url);
    const down = await browser.get<{ message: string }>('/api/login');
    expect(down.status).toBe(502);
    expect(down.body.message).toBe('Le fournisseur d’identité ne répond pas, réessayez plus tard');

    late.register(`${lateServer.url}/api/callback`);
    const up = await browser.get('/api/login');
    expect(up.status).toBe(302);
    expect(up.headers.get('location')).toMatch(new RegExp(`^${late.issuer}/auth\\?`));
  });
});
